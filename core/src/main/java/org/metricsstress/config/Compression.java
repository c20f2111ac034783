package org.metricsstress.config;

/** The driver's protocol compression of request and response frames. */
public enum Compression {
    NONE,
    /** LZ4: fast, the one compression native protocol v5 (Cassandra 4.0 and later) keeps. */
    LZ4,
    /** Snappy: protocol v4 only, so the session is held to v4 when asked for it. */
    SNAPPY
}
