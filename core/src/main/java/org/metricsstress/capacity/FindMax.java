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
 * <p><b>Warm-up.</b> Before the first judged step a warm-up at the start rate runs, shown and never
 * judged: the search is for the steady state, and a first step on a cold client and node (JIT,
 * connections, a cold cache) looks slower than the cluster is. With indexing it runs until every
 * resource is indexed or the cold limit ends it (a cold cache writes every index row once); with
 * --include-cold there is none and the first step is judged cold, its time to steady state shown.
 * Without indexing it runs for {@link Settings#warmUp()} (0: none).
 *
 * <p><b>Confirmation.</b> A failing step is not taken at its word: its rate runs once more (a
 * {@link Phase#CONFIRM} step) and the rate fails only if that fails too. If it passes, the rate
 * passes and the first failure is shown as overruled. One step's p99 or one compaction inside it
 * would otherwise turn the search down for good, since the search never goes back above a failure.
 * The repeat leans towards passing a rate that fails half its steps; within the precision that is
 * the noise the answer has anyway, and --repeat says how much. A cold step of --include-cold is not
 * repeated: its repeat would be warm, and judging the cold cache is what it was asked for.
 *
 * <p>Every step shares one resource cache (the runner's). Progress is one line when a step starts
 * and one when it ends; the steps' own interval lines and summaries go wherever the runner sends
 * them ({@code --verbose}).
 */
public final class FindMax {
    /**
     * @param stepDuration how long each judged step generates
     * @param coldLimit    the longest the warm-up may run with indexing
     * @param indexing     whether the steps index (with a cache to warm)
     * @param includeCold  judge the first step on a cold cache instead of warming it up first
     * @param sla          criteria every judged step must meet
     * @param ringSize     ring slots of every step, for the backlog rule
     * @param warmUp       the warm-up's length without indexing; zero for none (with indexing the
     *                     index decides it)
     */
    public record Settings(CapacitySearch.Bounds bounds, Duration stepDuration, Duration coldLimit, boolean indexing,
            boolean includeCold, Sla sla, int ringSize, Duration warmUp) {

        boolean warmsUp() {
            return indexing ? !includeCold : !warmUp.isZero();
        }
    }

    private final Settings settings;
    private final StepRunner runner;
    private final PrintStream out;
    private final StepJudge judge;
    private final List<SearchStep> steps = new ArrayList<>();
    private int number;

    public FindMax(Settings settings, StepRunner runner, PrintStream out) {
        this.settings = settings;
        this.runner = runner;
        this.out = out;
        this.judge = new StepJudge(settings.sla(), settings.ringSize());
    }

    /** Runs the search once; a FindMax is for one search. */
    public FindMaxResult run() throws ClusterException, CacheUnavailableException, InterruptedException {
        if (!steps.isEmpty()) {
            throw new IllegalStateException("a FindMax runs one search");
        }
        CapacitySearch.Bounds b = settings.bounds();
        out.printf(Locale.ROOT, "find-max: from %,.0f samples/s, x%s per step up to %,.0f, then bisecting to %s;"
                        + " steps of %s judged by %s and a ring backlog that does not grow; a failing step is"
                        + " run once more to confirm it%n",
                b.startRate(), plain(b.growth()), b.maxRate(), percent(b.precision()),
                seconds(settings.stepDuration()), settings.sla().expression());
        if (settings.warmsUp()) {
            steps.add(warmUp());
        }
        CapacitySearch search = new CapacitySearch(b);
        while (!search.done()) {
            double target = search.nextRate();
            boolean cold = settings.includeCold() && settings.indexing() && number == 0;
            SearchStep step = step(target, search.nextPhase(), cold, 0);
            if (step.passed() || cold) {
                search.record(step.passed());
                continue;
            }
            SearchStep confirmation = step(target, Phase.CONFIRM, false, step.number());
            if (confirmation.passed()) {
                steps.set(steps.indexOf(step), step.overruledBy(confirmation.number()));
            }
            search.record(confirmation.passed());
        }
        FindMaxResult result = new FindMaxResult(settings, List.copyOf(steps), search.conclusion());
        StepTable.print(result, out);
        return result;
    }

    /** Runs, judges and records the next judged step, with its two progress lines. */
    private SearchStep step(double target, Phase phase, boolean cold, int repeats)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        if (Thread.currentThread().isInterrupted() || runner.stopRequested()) {
            // A run interrupted or stopped ends and drains, then passes the interrupt on: no new step starts.
            throw new InterruptedException("find-max " + (runner.stopRequested() ? "stopped" : "interrupted")
                    + " after step " + number);
        }
        number++;
        out.printf(Locale.ROOT, "step %d: target %,.0f samples/s for %s (%s%s)%n", number, target,
                seconds(settings.stepDuration()), phase.label(),
                repeats > 0 ? " step " + repeats : cold ? ", cold cache" : "");
        StressResult r = runner.run(target, settings.stepDuration(), false);
        SearchStep step = new SearchStep(number, phase, cold, target, r, judge.judge(r), repeats, 0);
        steps.add(step);
        out.println(finished(step));
        return step;
    }

    private SearchStep warmUp() throws ClusterException, CacheUnavailableException {
        double rate = settings.bounds().startRate();
        if (!settings.indexing()) {
            out.printf(Locale.ROOT, "warm-up: %,.0f samples/s for %s to warm the client and the node; not judged%n",
                    rate, seconds(settings.warmUp()));
            StressResult r = runner.run(rate, settings.warmUp(), false);
            SearchStep step = new SearchStep(0, Phase.WARM_UP, false, rate, r, judge.judge(r));
            out.printf(Locale.ROOT, "warm-up: written %,.0f samples/s, p99 %s ms (not judged)%n",
                    r.writtenSamplesPerSecond(), StepTable.ms(step.p99Ms()));
            return step;
        }
        out.printf(Locale.ROOT, "warm-up: %,.0f samples/s until every resource is indexed (at most %s); not judged%n",
                rate, Parse.format(settings.coldLimit()));
        StressResult r = runner.run(rate, settings.coldLimit(), true);
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
        if (s.repeats() > 0) {
            line += s.passed()
                    ? String.format(Locale.ROOT, "; step %d's failure not confirmed: the rate passes", s.repeats())
                    : String.format(Locale.ROOT, "; step %d's failure confirmed: the rate fails", s.repeats());
        } else if (!s.passed() && !s.coldCache()) {
            line += "; to be confirmed at the same rate";
        }
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
