package org.metricsstress.writer.tss.receiver;

/** The remote-write receivers whose own figures and data this package reads. */
public enum ReceiverKind {
    PROMETHEUS,
    VICTORIAMETRICS
}
