package org.metricsstress.analysis;

import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.StressResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.config.Sla;

/** Measures a finished run against its --sla criteria. */
public final class SlaCheck {
    private SlaCheck() {}

    /** What criteria are judged on: a whole run, or one step of a stepped profile. */
    private record Figures(long unaccounted, long dropped, long failed, long unsent, double target, double written, double cpu,
            double indexSeconds, LatencySummary response, LatencySummary service, LatencySummary queue,
            LatencySummary lag, ReadSummary reads) {}

    /** Every --sla implies this one: a run whose audit does not balance passes nothing. */
    public static SlaResult evaluate(Sla sla, StressResult r) {
        return evaluate(sla, new Figures(r.auditGap(), r.dropped(),
                r.failed(), r.unsent(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.client().cpuPercent(),
                r.index() == null ? -1 : r.index().secondsToComplete(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.reads()));
    }

    /**
     * Each step against the criteria, and the run's outcome: it passes only if every step does; its
     * failures name their step.
     */
    public static StressResult evaluateSteps(Sla sla, StressResult r) {
        List<StepSummary> judged = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        long unaccounted = r.auditGap();
        // Losses of the run no step holds (steps assembled from the listed report lines alone miss
        // a drain too short for a line) happened at its end: the last step's, never nobody's.
        long unheldDropped = Math.max(0, r.dropped() - r.steps().stream().mapToLong(StepSummary::dropped).sum());
        long unheldFailed = Math.max(0, r.failed() - r.steps().stream().mapToLong(StepSummary::failed).sum());
        for (int i = 0; i < r.steps().size(); i++) {
            StepSummary s = r.steps().get(i);
            boolean last = i == r.steps().size() - 1;
            // The schedule's debt is settled when the run ends: it is the last step's.
            SlaResult outcome = last ? evaluate(sla, new Figures(unaccounted, s.dropped() + unheldDropped,
                    s.failed() + unheldFailed, r.unsent(), s.targetSamplesPerSecond(), s.writtenSamplesPerSecond(),
                    s.cpuPercent(), -1, s.response(), s.service(), s.queue(), s.scheduleLag(), null))
                    : evaluate(sla, s, unaccounted, 0);
            judged.add(s.withSla(outcome));
            outcome.failures().forEach(f -> failures.add("step " + s.step() + ": " + f));
        }
        return r.withSteps(judged, new SlaResult(sla.expression(), failures.isEmpty(), List.copyOf(failures)));
    }

    /** One step of a --rate-steps profile against the run's criteria; {@code index.time} is not a step's. */
    public static SlaResult evaluate(Sla sla, StepSummary s, long unaccounted, long unsent) {
        return evaluate(sla, new Figures(unaccounted, s.dropped(), s.failed(), unsent, s.targetSamplesPerSecond(),
                s.writtenSamplesPerSecond(), s.cpuPercent(), -1, s.response(), s.service(), s.queue(),
                s.scheduleLag(), null));
    }

    private static SlaResult evaluate(Sla sla, Figures f) {
        List<String> failures = new ArrayList<>();
        if (f.unaccounted() != 0) {
            failures.add(String.format(Locale.ROOT, "unaccounted is %,d, wanted = 0 (implied by every --sla)",
                    f.unaccounted()));
        }
        for (Sla.Criterion c : sla.criteria()) {
            double value = measured(c.metric(), f);
            if (Double.isNaN(value) || !c.holds(value)) {
                failures.add(String.format(Locale.ROOT, "%s is %s, wanted %s %s", c.metric(),
                        Double.isNaN(value) ? "not measured" : format(value), c.op(), format(c.threshold())));
            }
        }
        return new SlaResult(sla.expression(), failures.isEmpty(), List.copyOf(failures));
    }

    private static double measured(String metric, Figures r) {
        switch (metric) {
            case "drops":
                return r.dropped();
            case "failed":
                return r.failed();
            case "unsent":
                return r.unsent();
            case "rate":
                return r.target() > 0 ? r.written() / r.target() : Double.NaN;
            case "cpu":
                return r.cpu() < 0 ? Double.NaN : r.cpu();
            case "index.time":
                return r.indexSeconds() < 0 ? Double.NaN : r.indexSeconds();
            default:
                break;
        }
        // Longest prefix first: read.service.p99 is not read.(service.p99).
        String prefix = metric.startsWith("read.service.") ? "read.service" : metric.substring(0, metric.indexOf('.'));
        String name = metric.substring(prefix.length() + 1);
        ReadSummary reads = r.reads();
        LatencySummary l = switch (prefix) {
            case "service" -> r.service();
            case "queue" -> r.queue();
            case "lag" -> r.lag();
            case "read" -> reads == null ? LatencySummary.EMPTY : reads.readResponse();
            case "read.service" -> reads == null ? LatencySummary.EMPTY : reads.readService();
            case "search" -> reads == null ? LatencySummary.EMPTY : reads.searchResponse();
            case "freshness" -> reads == null ? LatencySummary.EMPTY : reads.freshness();
            default -> r.response();
        };
        if (l.count() == 0) {
            return Double.NaN;
        }
        return switch (name) {
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
