package org.metricsstress.analysis;

import org.metricsstress.result.Evidence;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/**
 * A result judged: its evidence drawn from its figures, the verdict that names what limited it, and
 * the advice that follows (docs/diagnosis.md). The record keeps them; the rules live here.
 */
public final class Judgement {
    private Judgement() {}

    public static StressResult of(StressResult r) {
        Evidence e = Evidence.of(r);
        Verdict v = Verdicts.judge(r, e);
        return r.withJudgement(e, v, Advisor.advise(r, e, v));
    }
}
