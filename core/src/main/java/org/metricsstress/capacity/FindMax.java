package org.metricsstress.capacity;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.Parse;
import org.metricsstress.config.Sla;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.StressResult;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The capacity search, {@code metrics-stress find-max}: the highest rate the cluster sustains under
 * the criteria, found by running steps at rates {@link CapacitySearch} picks, each judged by
 * {@link StepJudge}, then the table of steps and the answer ({@link StepTable}).
 *
 * <p>Every step shares one resource cache (the runner's). Unless cold steps are asked for, a
 * warm-up at the start rate first fills it, until every resource is indexed or the cold limit ends
 * it: a cold cache writes every index row once, which would make the first step look slower than
 * the cluster is, and the search is for the steady state. The warm-up is shown, never judged. With
 * --include-cold there is no warm-up and the first step is judged cold; its time to steady state is
 * shown. Without indexing there is no cache to warm.
 *
 * <p>Progress is one line when a step starts and one when it ends; the steps' own interval lines
 * and summaries go wherever the runner sends them ({@code --verbose}).
 */
public final class FindMax {
    /**
     * @param stepDuration how long each judged step generates
     * @param coldLimit    the longest the warm-up may run
     * @param indexing     whether the steps index (with a cache to warm)
     * @param includeCold  judge the first step on a cold cache instead of warming it up first
     * @param sla          criteria every judged step must meet
     * @param ringSize     ring slots of every step, for the backlog rule
     */
    public record Settings(CapacitySearch.Bounds bounds, Duration stepDuration, Duration coldLimit, boolean indexing,
            boolean includeCold, Sla sla, int ringSize) {

        boolean warmUp() {
            return indexing && !includeCold;
        }
    }

    private final Settings settings;
    private final StepRunner runner;
    private final PrintStream out;

    public FindMax(Settings settings, StepRunner runner, PrintStream out) {
        this.settings = settings;
        this.runner = runner;
        this.out = out;
    }

    public FindMaxResult run() throws ClusterException, CacheUnavailableException, InterruptedException {
        CapacitySearch.Bounds b = settings.bounds();
        out.printf(Locale.ROOT, "find-max: from %,.0f samples/s, x%s per step up to %,.0f, then bisecting to %s;"
                        + " steps of %s judged by %s and a ring backlog that does not grow%n",
                b.startRate(), plain(b.growth()), b.maxRate(), percent(b.precision()),
                seconds(settings.stepDuration()), settings.sla().expression());
        StepJudge judge = new StepJudge(settings.sla(), settings.ringSize());
        List<SearchStep> steps = new ArrayList<>();
        if (settings.warmUp()) {
            steps.add(warmUp(judge));
        }
        CapacitySearch search = new CapacitySearch(b);
        int number = 0;
        while (!search.done()) {
            if (Thread.currentThread().isInterrupted() || runner.stopRequested()) {
                // A run interrupted or stopped ends and drains, then passes the interrupt on: no new step starts.
                throw new InterruptedException("find-max " + (runner.stopRequested() ? "stopped" : "interrupted")
                        + " after step " + number);
            }
            double target = search.nextRate();
            Phase phase = search.nextPhase();
            boolean cold = settings.includeCold() && settings.indexing() && number == 0;
            number++;
            out.printf(Locale.ROOT, "step %d: target %,.0f samples/s for %s (%s%s)%n", number, target,
                    seconds(settings.stepDuration()), phase.label(), cold ? ", cold cache" : "");
            StressResult r = runner.run(target, false);
            SearchStep step = new SearchStep(number, phase, cold, target, r, judge.judge(r));
            steps.add(step);
            out.println(finished(step));
            search.record(step.passed());
        }
        FindMaxResult result = new FindMaxResult(settings, List.copyOf(steps), search.conclusion());
        StepTable.print(result, out);
        return result;
    }

    private SearchStep warmUp(StepJudge judge) throws ClusterException, CacheUnavailableException {
        double rate = settings.bounds().startRate();
        out.printf(Locale.ROOT, "warm-up: %,.0f samples/s until every resource is indexed (at most %s); not judged%n",
                rate, Parse.format(settings.coldLimit()));
        StressResult r = runner.run(rate, true);
        SearchStep step = new SearchStep(0, Phase.WARM_UP, true, rate, r, judge.judge(r));
        IndexSummary ix = r.index();
        if (step.secondsToSteadyState() >= 0) {
            out.printf(Locale.ROOT, "warm-up: every resource indexed after %.1f s; written %,.0f samples/s%n",
                    step.secondsToSteadyState(), r.writtenSamplesPerSecond());
        } else {
            // Go on: the first steps index the rest and are judged with that cost in them, as said here.
            out.printf(Locale.ROOT, "warm-up: %,d of %,d resources indexed when the cold limit (%s) ended it;"
                            + " the first steps index the rest%n", ix == null ? 0 : ix.resourcesIndexed(),
                    ix == null ? 0 : ix.resourcesInPlan(), Parse.format(settings.coldLimit()));
        }
        return step;
    }

    /** The line that ends a step: its figures and whether it passed; the criteria missed are in the table. */
    private static String finished(SearchStep s) {
        String line = String.format(Locale.ROOT, "step %d: %s: written %,.0f samples/s, p99 %s ms, drops %,d,"
                        + " failed %,d, backlog %s", s.number(), s.passed() ? "pass" : "FAIL", s.achievedSamplesPerSecond(),
                StepTable.ms(s.p99Ms()), s.result().dropped(), s.result().failed(), s.judgement().backlog().brief());
        if (s.coldCache()) {
            line += s.secondsToSteadyState() >= 0
                    ? String.format(Locale.ROOT, "; every resource indexed after %.1f s", s.secondsToSteadyState())
                    : "; not every resource indexed within the step";
        }
        return line;
    }

    /** A step's length as the run's own header gives a duration: {@code 60s}, {@code 1500ms}. */
    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    static String percent(double ratio) {
        return plain(ratio * 100) + "%";
    }

    /** 2, 1.5, 5, 0.1: six significant digits at most, no trailing zeros (7 not 7.000000000000001). */
    static String plain(double v) {
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
