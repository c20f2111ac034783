package org.metricsstress.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.config.Sla;

/** Measures a finished run against its --sla criteria. */
public final class SlaCheck {
    private SlaCheck() {}

    /** Every --sla implies this one: a run whose audit does not balance passes nothing. */
    public static SlaResult evaluate(Sla sla, StressResult r) {
        List<String> failures = new ArrayList<>();
        if (r.unaccounted() != 0) {
            failures.add(String.format(Locale.ROOT, "unaccounted is %,d, wanted = 0 (implied by every --sla)",
                    r.unaccounted()));
        }
        for (Sla.Criterion c : sla.criteria()) {
            double value = measured(c.metric(), r);
            if (Double.isNaN(value) || !c.holds(value)) {
                failures.add(String.format(Locale.ROOT, "%s is %s, wanted %s %s", c.metric(),
                        Double.isNaN(value) ? "not measured" : format(value), c.op(), format(c.threshold())));
            }
        }
        return new SlaResult(sla.expression(), failures.isEmpty(), List.copyOf(failures));
    }

    static double measured(String metric, StressResult r) {
        switch (metric) {
            case "drops":
                return r.dropped();
            case "failed":
                return r.failed();
            case "rate":
                return r.targetSamplesPerSecond() > 0 ? r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : Double.NaN;
            case "cpu":
                return r.client().cpuPercent() < 0 ? Double.NaN : r.client().cpuPercent();
            case "index.time":
                return r.index() == null || r.index().secondsToComplete() < 0 ? Double.NaN : r.index().secondsToComplete();
            default:
                break;
        }
        int dot = metric.indexOf('.');
        LatencySummary l = switch (metric.substring(0, dot)) {
            case "service" -> r.serviceLatency();
            case "queue" -> r.queueLatency();
            case "lag" -> r.scheduleLag();
            default -> r.responseLatency();
        };
        if (l.count() == 0) {
            return Double.NaN;
        }
        return switch (metric.substring(dot + 1)) {
            case "p50" -> l.p50Ms();
            case "p90" -> l.p90Ms();
            case "p99" -> l.p99Ms();
            case "p99.9" -> l.p999Ms();
            case "max" -> l.maxMs();
            default -> l.meanMs();
        };
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%.3g", v);
    }
}
