package org.metricsstress.result;

import java.util.ArrayList;
import java.util.List;

/**
 * One step of a {@code --rate-steps} profile, judged on its own: the report intervals that ended
 * within it, added up (histograms added, so its percentiles are exact over its intervals). The
 * drain after the last step belongs to the last step.
 *
 * @param step                    1-based
 * @param targetSamplesPerSecond  this run's target during the step (its share, with instances)
 * @param startSeconds            when the step began, seconds from the start of generation
 * @param seconds                 how long it lasted as planned
 * @param writtenSamplesPerSecond written / seconds
 * @param cpuPercent              the client's CPU over the step's intervals, % of its cores
 * @param sla                     the run's --sla judged on this step alone, or null without --sla
 */
public record StepSummary(int step, double targetSamplesPerSecond, double startSeconds, double seconds,
        long generated, long written, long dropped, long failed, double writtenSamplesPerSecond,
        LatencySummary response, LatencySummary service, LatencySummary queue, LatencySummary scheduleLag,
        double cpuPercent, SlaResult sla) {

    public StepSummary withSla(SlaResult outcome) {
        return new StepSummary(step, targetSamplesPerSecond, startSeconds, seconds, generated, written, dropped, failed,
                writtenSamplesPerSecond, response, service, queue, scheduleLag, cpuPercent, outcome);
    }

    /**
     * The steps of a run from its intervals: an interval belongs to the step in which it ended.
     *
     * @param starts  each step's start, seconds from the start of generation
     * @param lengths each step's planned length in seconds
     * @param targets each step's target rate
     */
    public static List<StepSummary> of(double[] starts, double[] lengths, double[] targets,
            List<IntervalStats> intervals) {
        List<StepSummary> out = new ArrayList<>();
        for (int k = 0; k < starts.length; k++) {
            double from = starts[k];
            double to = k + 1 < starts.length ? starts[k + 1] : Double.POSITIVE_INFINITY;
            List<IntervalStats> in = new ArrayList<>();
            for (IntervalStats s : intervals) {
                // A hair of slack: the sampler wakes a little after the boundary it was meant for.
                if (s.elapsedSeconds() > from + 1e-3 && s.elapsedSeconds() <= to + 1e-3) {
                    in.add(s);
                }
            }
            long written = in.stream().mapToLong(IntervalStats::written).sum();
            double cpuSeconds = in.stream().mapToDouble(s -> s.cpuPercent() * s.intervalSeconds()).sum();
            double seconds = in.stream().mapToDouble(IntervalStats::intervalSeconds).sum();
            out.add(new StepSummary(k + 1, targets[k], from, lengths[k],
                    in.stream().mapToLong(IntervalStats::generated).sum(), written,
                    in.stream().mapToLong(IntervalStats::dropped).sum(), in.stream().mapToLong(IntervalStats::failed).sum(),
                    lengths[k] > 0 ? written / lengths[k] : 0,
                    LatencySummary.sum(in.stream().map(IntervalStats::response).toList()),
                    LatencySummary.sum(in.stream().map(IntervalStats::service).toList()),
                    LatencySummary.sum(in.stream().map(IntervalStats::queue).toList()),
                    LatencySummary.sum(in.stream().map(IntervalStats::scheduleLag).toList()),
                    seconds > 0 ? cpuSeconds / seconds : 0, null));
        }
        return out;
    }

    /** Step k of every instance added: the instances ran the same profile on one clock. */
    public static StepSummary sum(List<StepSummary> parts) {
        long written = Sums.sum(parts, StepSummary::written);
        StepSummary first = parts.get(0);
        return new StepSummary(first.step(), parts.stream().mapToDouble(StepSummary::targetSamplesPerSecond).sum(),
                first.startSeconds(), first.seconds(), Sums.sum(parts, StepSummary::generated), written,
                Sums.sum(parts, StepSummary::dropped), Sums.sum(parts, StepSummary::failed),
                first.seconds() > 0 ? written / first.seconds() : 0,
                LatencySummary.sum(parts.stream().map(StepSummary::response).toList()),
                LatencySummary.sum(parts.stream().map(StepSummary::service).toList()),
                LatencySummary.sum(parts.stream().map(StepSummary::queue).toList()),
                LatencySummary.sum(parts.stream().map(StepSummary::scheduleLag).toList()),
                parts.stream().mapToDouble(StepSummary::cpuPercent).average().orElse(0), null);
    }
}
