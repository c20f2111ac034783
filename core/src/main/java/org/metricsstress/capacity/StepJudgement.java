package org.metricsstress.capacity;

import java.util.List;

/**
 * How a step measured up.
 *
 * @param passed   every criterion met and the backlog flat
 * @param failures one sentence per criterion missed, --sla's first, then the backlog's
 * @param backlog  the ring backlog's trend over the step
 */
public record StepJudgement(boolean passed, List<String> failures, BacklogTrend backlog) {}
