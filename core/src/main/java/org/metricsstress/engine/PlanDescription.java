package org.metricsstress.engine;

import java.util.Locale;
import org.metricsstress.config.Pacing;
import org.metricsstress.config.StressConfig;
import org.metricsstress.plan.StressPlan;

/** The run's first line: the plan's shape, its target, its pacing and, for an instance, its share. */
final class PlanDescription {
    private PlanDescription() {}

    static String of(StressConfig config, StressPlan plan) {
        String shape = String.format(Locale.ROOT, "plan: %,d nodes x %d interfaces x %d groups x %d attributes = %,d samples",
                plan.nodes(), plan.interfaces(), plan.groups(), plan.attributes(), plan.samplesPerInterval());
        String pace = config.pacing().rateSteps() != null
                ? String.format(Locale.ROOT, " per interval, paced by the steps %s (%ds in all)", config.pacing().rateSteps(),
                        config.totalDuration().toSeconds())
                : String.format(Locale.ROOT, " every %.3gs -> %,.0f samples/s target", plan.pacingNanos() / 1e9,
                        plan.planSamplesPerSecond());
        String pacing = plan.burst() ? "burst pacing (-b)"
                : plan.pacing() == Pacing.NODES ? "OpenNMS's pacing (a node's collection at once, a barrier at each pass)"
                : "spread pacing";
        String length = config.pacing().rateSteps() != null ? "stepped"
                : config.pacing().duration() == null ? "until interrupted"
                : "for " + config.pacing().duration().toSeconds() + "s";
        String instance = !plan.instance().partial() ? ""
                : String.format(Locale.ROOT, "%ninstance %s: nodes n with n %% %d = %d: %,d nodes, %,d group resources, %s",
                        plan.instance(), plan.instance().count(), plan.instance().index(), plan.ownedNodes(),
                        plan.ownedGroupResources(), config.pacing().rateSteps() != null ? "its share of each step"
                                : String.format(Locale.ROOT, "%,.0f samples/s target", plan.samplesPerSecond()));
        return shape + pace + String.format(Locale.ROOT, "; %,d group resources, %,d interface resources; %s; %s",
                plan.groupResources(), plan.interfaceResources(), pacing, length) + instance;
    }
}
