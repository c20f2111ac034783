package org.metricsstress.result;

/**
 * Something that happened to the cluster while the run went on, such as a node killed by
 * {@code --embedded-fault}: when, in seconds from the start of generation, and what.
 */
public record RunEvent(double atSeconds, String text) {}
