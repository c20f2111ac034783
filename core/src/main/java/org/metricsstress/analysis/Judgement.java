package org.metricsstress.analysis;

import java.util.ArrayList;
import java.util.List;
import org.metricsstress.result.WriterPath;

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
        StressResult judged;
        if (r.remoteWrite() != null && !r.writers().isEmpty()) {
            // The run's own path is a TSS path: its chain of resources, not the cluster's.
            Verdict v = RemoteWriteDiagnosis.judge(r, r.writers().get(0));
            judged = r.withJudgement(e, v, RemoteWriteAdvisor.advise(r, r.writers().get(0), v));
        } else {
            Verdict v = Verdicts.judge(r, e);
            judged = r.withJudgement(e, v, Advisor.advise(r, e, v));
        }
        return judged.withPaths(judged.remoteWrite(), paths(judged));
    }

    /** Each path with its own verdict: the first the run's, one beside it judged on its own figures. */
    private static List<WriterPath> paths(StressResult r) {
        List<WriterPath> out = new ArrayList<>();
        for (int i = 0; i < r.writers().size(); i++) {
            WriterPath p = r.writers().get(i);
            out.add(p.withVerdict(i == 0 ? r.verdict() : p.remoteWrite() != null ? RemoteWriteDiagnosis.judge(r, p)
                    : p.verdict()));
        }
        return out;
    }
}
