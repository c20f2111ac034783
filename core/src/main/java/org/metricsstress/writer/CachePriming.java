package org.metricsstress.writer;

import org.metricsstress.index.CachePrimer;

/** A priming of the resource cache: done before the start, or still going beside the run until closed. */
public interface CachePriming extends AutoCloseable {
    /** No priming: nothing primed. */
    CachePriming NONE = done(null);

    /** What priming has done so far; null when there was none. */
    CachePrimer.Primed primed();

    @Override
    void close();

    /** A priming that finished before the run. */
    static CachePriming done(CachePrimer.Primed primed) {
        return new CachePriming() {
            @Override
            public CachePrimer.Primed primed() {
                return primed;
            }

            @Override
            public void close() {}
        };
    }
}
