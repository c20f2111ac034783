package org.metricsstress.engine;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.Counts;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;
import org.metricsstress.writer.Writers;

/**
 * A run's write paths in its result: the run's own, and in a parallel write the path beside it,
 * drained after the first and counted on its own ({@code writers} in the result, one per path in
 * {@code --writer} order). The top level stays the first path's.
 */
final class BesidePath {
    private BesidePath() {}

    /** Lets the beside path finish within --drain-timeout; what it could not finish it counts abandoned. */
    static boolean drain(Pipeline beside, StressConfig config, PrintStream out) {
        Duration timeout = config.pipeline().drainTimeout();
        try {
            if (!beside.drain(timeout, config.tss().tssWriteTimeout())) {
                out.println("drain timeout (" + timeout.toSeconds() + " s) on the path beside: what was left is counted "
                        + "as failed (abandoned)");
                return false;
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            beside.abort();
            return false;
        }
    }

    /**
     * The result with its paths: the first from the result's own audit (and, for a TSS path, its
     * figures at the top level too), the one beside from its own counts.
     */
    static StressResult withPaths(StressResult r, StressConfig config, Pipeline first, Pipeline beside,
            StressMetrics besideMetrics) {
        List<WriterPath> paths = new ArrayList<>();
        var firstFigures = Writers.figuresOf(first);
        paths.add(new WriterPath(config.pipeline().model().label(), r.generated(), r.written(), r.dropped(), r.failed(),
                r.failedByClass(), r.unsent(), null, firstFigures));
        if (beside != null) {
            Counts c = besideMetrics.counts();
            paths.add(new WriterPath(config.pipeline().besideModel().label(), c.generated(), c.written(), c.dropped(),
                    c.failed(), byClass(c), c.unsent(), null, Writers.figuresOf(beside)));
        }
        return r.withPaths(firstFigures, paths);
    }

    static Map<String, Long> byClass(Counts c) {
        Map<String, Long> byClass = new LinkedHashMap<>();
        for (ErrorClass cause : ErrorClass.values()) {
            byClass.put(cause.name().toLowerCase(Locale.ROOT), c.failed(cause));
        }
        return byClass;
    }
}
