package org.metricsstress.capacity;

import java.io.PrintStream;
import java.util.Locale;

/** The console end of a search: one row per step, what the columns mean, and the answer. */
public final class StepTable {
    private static final String ROW = "%4s  %-12s %12s %12s %9s %10s %8s  %-22s %-6s %s%n";

    private StepTable() {}

    public static void print(FindMaxResult r, PrintStream out) {
        out.print(render(r));
    }

    public static String render(FindMaxResult r) {
        StringBuilder sb = new StringBuilder("\n");
        sb.append(trimmed(String.format(Locale.ROOT, ROW, "step", "phase", "target/s", "achieved/s", "p99 ms", "drops",
                "failed", "backlog", "result", "failing criteria")));
        for (SearchStep s : r.steps()) {
            sb.append(trimmed(String.format(Locale.ROOT, ROW, s.number(), s.phase().label() + (s.judged() && s.coldCache()
                            ? ", cold" : ""), rate(s.targetSamplesPerSecond()), rate(s.achievedSamplesPerSecond()),
                    ms(s.p99Ms()), String.format(Locale.ROOT, "%,d", s.result().dropped()),
                    String.format(Locale.ROOT, "%,d", s.result().failed()), s.judgement().backlog().brief(),
                    !s.judged() ? "-" : s.passed() ? "pass" : "FAIL",
                    criteria(s))));
        }
        sb.append(String.format(Locale.ROOT, "backlog: mean ring occupancy in slots (of %,d), first half -> last half"
                + " of the step; p99: response time, intended -> acknowledged%n", r.settings().ringSize()));
        if (r.steps().stream().anyMatch(s -> s.phase() == Phase.CONFIRM)) {
            sb.append(String.format(Locale.ROOT, "confirm: the failing step before it, its rate run once more; the rate"
                    + " fails only if both fail%n"));
        }
        for (SearchStep s : r.steps()) {
            if (s.judged() && s.coldCache()) {
                sb.append(s.secondsToSteadyState() >= 0
                        ? String.format(Locale.ROOT, "step %d started on a cold cache: every resource indexed after"
                                + " %.1f s (time to steady state)%n", s.number(), s.secondsToSteadyState())
                        : String.format(Locale.ROOT, "step %d started on a cold cache: not every resource was indexed"
                                + " within the step%n", s.number()));
            }
        }
        sb.append(answer(r)).append('\n');
        return sb.toString();
    }

    /** The answer in one sentence, as the console ends with it and the JSON holds it. */
    public static String answer(FindMaxResult r) {
        SearchStep pass = r.highestPassing().orElse(null);
        SearchStep fail = r.lowestFailing().orElse(null);
        return switch (r.conclusion()) {
            case FOUND -> String.format(Locale.ROOT, "highest sustainable rate: %s samples/s (step %d, p99 %s ms);"
                            + " lowest failing: %s (%s: %s)", rate(pass.targetSamplesPerSecond()), pass.number(),
                    ms(pass.p99Ms()), rate(fail.targetSamplesPerSecond()), failingSteps(r, fail), reasons(fail));
            case AT_LEAST_MAX_RATE -> String.format(Locale.ROOT, "highest sustainable rate: at least %s samples/s"
                            + " (step %d, p99 %s ms): every step passed up to --max-rate; raise it to search higher",
                    rate(pass.targetSamplesPerSecond()), pass.number(), ms(pass.p99Ms()));
            case NONE_PASSED -> String.format(Locale.ROOT, "no rate passed down to %s samples/s (%s: %s)",
                    rate(fail.targetSamplesPerSecond()), failingSteps(r, fail), reasons(fail));
        };
    }

    /** The failing criteria column: what a judged step missed, and whether its confirmation overruled it. */
    private static String criteria(SearchStep s) {
        if (!s.judged()) {
            return "(not judged)";
        }
        String failures = String.join("; ", s.judgement().failures());
        return s.overruledBy() > 0
                ? String.format(Locale.ROOT, "not confirmed (step %d passed): %s", s.overruledBy(), failures)
                : failures;
    }

    /** The failing step of the answer, with the step that confirmed it: {@code step 8} or {@code steps 8 and 9}. */
    private static String failingSteps(FindMaxResult r, SearchStep fail) {
        return r.confirmationOf(fail).map(c -> "steps " + fail.number() + " and " + c.number())
                .orElse("step " + fail.number());
    }

    /** A row without the blanks a passing step leaves after its result. */
    private static String trimmed(String row) {
        return row.stripTrailing() + "\n";
    }

    private static String reasons(SearchStep s) {
        return String.join("; ", s.judgement().failures());
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    /** Milliseconds as the run's console shows them: whole from 100 up, else two decimals. */
    static String ms(double ms) {
        return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.2f", ms);
    }
}
