package org.metricsstress.metrics;

/** Why a write failed, in the classes an operator acts on differently. */
public enum ErrorClass {
    /** The coordinator or the client gave up waiting: the cluster is too slow. */
    TIMEOUT,
    /** Not enough replicas alive for the consistency level. */
    UNAVAILABLE,
    /** The node said it is overloaded and shed the request. */
    OVERLOADED,
    /**
     * This client's own connection pool had no free request slot on the node's connections (the
     * driver's "No connection was available" while they were open): fewer connections, or fewer
     * requests a connection, than the writer keeps in flight. Not the cluster: nothing was sent.
     */
    POOL,
    /** Not written because the run ended before the sample reached the database. */
    ABANDONED,
    /** Anything else (rejected statement, connection lost, ...). */
    OTHER,
    /**
     * A remote-write receiver refused the request (HTTP 4xx other than 429): Prometheus' answer to
     * an out-of-order, duplicate or too old sample, which rolls the whole request back.
     */
    REFUSED,
    /** A remote-write receiver asked for less (HTTP 429): a tenant's ingestion limit in Cortex or Mimir. */
    THROTTLED,
    /** A remote-write receiver failed the request (HTTP 5xx): overloaded, or its storage failed. */
    SERVER_ERROR,
    /** The connection to a remote-write receiver failed before an answer (refused, reset). */
    IO
}
