package org.metricsstress.capacity;

import java.util.ArrayList;
import java.util.List;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressOptions;
import org.metricsstress.analysis.SlaCheck;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;

/**
 * Judges a step: its {@code --sla} criteria, checked by the same {@link SlaCheck} a run's are (an
 * unbalanced audit fails every step, as it fails every run), and a ring backlog that did not grow
 * ({@link BacklogTrend} has the rule). The backlog is judged besides the criteria because a step is
 * short: a cluster slightly behind fills the ring for minutes before the first commit is dropped, so
 * {@code drops=0} alone would call a rate sustainable that is not.
 */
public final class StepJudge {
    /** The criteria find-max judges by when --sla is not given: the option table's. */
    public static final String DEFAULT_SLA = StressOptions.FIND_MAX_DEFAULTS.get("--sla");

    private final Sla sla;
    private final int ringSize;

    public StepJudge(Sla sla, int ringSize) {
        this.sla = sla;
        this.ringSize = ringSize;
    }

    public StepJudgement judge(StressResult result) {
        SlaResult criteria = SlaCheck.evaluate(sla, result);
        BacklogTrend backlog = BacklogTrend.of(result.intervals(), result.generationSeconds(), ringSize);
        List<String> failures = new ArrayList<>(criteria.failures());
        if (backlog.failsStep()) {
            failures.add(backlog.failure());
        }
        return new StepJudgement(failures.isEmpty(), List.copyOf(failures), backlog);
    }
}
