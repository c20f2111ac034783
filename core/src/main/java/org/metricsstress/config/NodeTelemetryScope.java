package org.metricsstress.config;

/**
 * Which nodes tell the run their own figures ({@code system_views}, and JMX where it answers),
 * every report interval, beside the samples (docs/diagnosis.md, "the nodes' side").
 */
public enum NodeTelemetryScope {
    /** The local data centre's nodes: those this client writes through. */
    LOCAL,
    /** Every node of every data centre: a remote DC's nodes take the replicas' writes. */
    ALL,
    /** None: the verdict then judges the cluster from the client's side alone. */
    OFF
}
