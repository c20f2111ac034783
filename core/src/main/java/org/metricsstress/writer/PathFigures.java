package org.metricsstress.writer;

import org.metricsstress.result.RemoteWriteSummary;

/**
 * A pipeline that measures its own path beyond the shared counts: the TSS path's ring, bulkhead,
 * external-tags lookups and receiver, which no Newts figure describes.
 */
public interface PathFigures {
    /** Its figures once it has drained: read after the run, once. */
    RemoteWriteSummary figures();
}
