package org.metricsstress.sizing;

/**
 * One measured throughput at one cluster size: the highest rate a cluster of {@code nodes} nodes
 * per DC sustained.
 *
 * @param nodes            nodes per DC
 * @param samplesPerSecond the highest sustainable rate measured (find-max's answer, or a figure from elsewhere)
 * @param source           where it came from: a file name, or {@code --points}
 */
public record ScalePoint(int nodes, double samplesPerSecond, String source) {}
