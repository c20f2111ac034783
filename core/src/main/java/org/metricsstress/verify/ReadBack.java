package org.metricsstress.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.config.StressConfig;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.VerifyReport;

/**
 * Reads back a run from its settings and its anchor in time: the same plan, seed and schedule,
 * started at the run's wall-clock start, ended where its generation ended.
 */
public final class ReadBack {
    private ReadBack() {}

    /**
     * @param startEpochMillis  the run's start (its result's {@code startedAt})
     * @param generationSeconds how long it generated (its result's {@code generationSeconds})
     * @param fraction          share of the resources to read, in (0, 1]
     * @param losses            what the run lost, per series (or in all, for old results)
     */
    public static VerifyReport verify(CqlSession session, StressConfig config, long startEpochMillis,
            double generationSeconds, double fraction, RunLosses losses, PrintStream out) {
        StressPlan plan = StressPlan.of(config);
        Schedule schedule = config.pacing().rateSteps() != null
                ? Schedule.stepped(plan, 0, startEpochMillis, config.pacing().rateSteps().steps())
                : new Schedule(plan, 0, startEpochMillis,
                        config.pacing().duration() == null ? Long.MAX_VALUE : config.pacing().duration().toNanos());
        ExpectedSamples expected = new ExpectedSamples(plan, schedule, Math.round(generationSeconds * 1e9));
        int[] keys = ResourceShare.pick(plan, fraction);
        out.printf(Locale.ROOT, "verify: reading back %,d of %,d group resources (%s) in %s%n", keys.length,
                plan.ownedGroupResources(), fraction >= 1 ? "all" : String.format(Locale.ROOT, "%.3g%%", 100 * fraction),
                config.schema().keyspace());
        return new Verifier(session, config.schema().keyspace(), plan, config.plan().stringVariationFactor(), out).verify(keys, expected, losses);
    }
}
