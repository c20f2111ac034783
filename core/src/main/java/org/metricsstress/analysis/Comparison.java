package org.metricsstress.analysis;

import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.StressResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.metricsstress.stats.DetectableChange;
import org.metricsstress.stats.DifferenceInterval;
import org.metricsstress.stats.FamilyCorrection;
import org.metricsstress.stats.MeanEstimate;
import org.metricsstress.stats.MeanEstimate.Dependence;
import org.metricsstress.stats.StartTransient;

/**
 * Runs side by side: A the baseline, B the candidate, one run or several on each side. Each figure
 * gets the difference B - A with a 95% confidence interval and a word: better, worse, or within
 * noise. A judged figure regresses only when it got worse, the interval says the change is real
 * (it does not reach 0), and the change is beyond the allowed share: a difference inside the runs'
 * own noise never fails a build, and a real one inside the bound passes, as the bound says.
 *
 * <p>Where the interval comes from ({@link Basis}):
 * <ul>
 * <li>one run per side: the figure's per-interval series of each run ({@code intervals[]}), its
 *     autocorrelation allowed for ({@link MeanEstimate}), each run's start-up left out
 *     ({@link StartTransient}); the interval covers the noise within a run's steady state only, not a
 *     node's state from one run to the next, and it and the judgement are relative to A's steady level;
 * <li>two or more runs on a side: the runs' whole-run figures are the units (Welch's interval; a
 *     side of one run takes the other side's spread), which is what run-to-run noise needs;
 * <li>no spread on either side (0 drops and 0 drops): the difference is exact;
 * <li>fewer than {@link #MIN_INTERVALS} intervals on a side: too short to judge, said so per figure;
 * <li>a figure with no per-interval series (index time, read and disk figures) and one run per side:
 *     judged by the bound alone, said so.
 * </ul>
 * Counts that should be zero (drops, failures) regress whenever B has some and A had none: a lost
 * sample is not noise.
 *
 * <p>The verdict fails when any judged figure regresses, so its false-alarm rate is the family's, not
 * one figure's: eight figures each at 95% would call identical runs a regression about one time in
 * eight. The judged figures with a t interval are the family, each tested one-sided for worse, and
 * Holm's correction ({@link FamilyCorrection}) holds the chance that any is called worse when none
 * is at 5%; a regression must be worse at that level too. Each row's A, B, change and interval are
 * of one quantity, which the row names ({@link Row#quantity()}).
 */
public final class Comparison {

    /** Fewer intervals on a side than this, and a run's own noise cannot be told: too short to judge. */
    public static final int MIN_INTERVALS = 10;

    /** Where a figure's interval comes from. */
    public enum Basis {
        INTERVALS("intervals"),
        RUNS("runs"),
        EXACT("exact"),
        BOUND_ONLY("bound only"),
        TOO_SHORT("too short"),
        ONE_SIDE("one side");

        private final String label;

        Basis(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One compared figure.
     *
     * @param a             A's figure (the mean over A's runs); -1 not measured
     * @param b             B's
     * @param change        (B - A) / A; NaN when A is 0
     * @param regression    judged, worse, significant and beyond the bound
     * @param low           the 95% interval of B - A, lower end; NaN without one
     * @param high          its upper end
     * @param unitsA        intervals or runs A's side gave (0 without an interval)
     * @param unitsB        B's
     * @param unitsToDetect intervals or runs per side that would tell a change of the bound from noise;
     *                      -1 unknown or more than {@link DetectableChange#MOST}
     * @param note          why a figure was not judged, in words; null when it was
     * @param degreesOfFreedom of the interval's t distribution; 0 exact or without an interval
     * @param base          the level of A the interval is relative to: A's steady-state mean for one run
     *                      per side (its start-up left out), the mean of A's runs otherwise
     * @param steadyFromA   the first of A's intervals the interval rests on: 0 when no start-up was left out
     * @param steadyFromB   B's
     * @param pWorse        the one-sided p-value of the figure's having got worse; NaN where it was not tested
     *                      (no interval, exact, not judged)
     * @param familyP       pWorse adjusted by Holm over the family of figures tested; NaN outside the family
     * @param quantity      what a, b, the change and the interval are of, in words (e.g. "mean of 1 s-interval
     *                      p99s, steady state", "whole-run p99, one value per run")
     * @param wholeA        A's whole-run figure (the mean over A's runs), whatever the row is about; -1 not measured
     * @param wholeB        B's
     */
    public record Row(String figure, double a, double b, double change, boolean regression, boolean higherIsBetter,
            Basis basis, double low, double high, int unitsA, int unitsB, int unitsToDetect, String note,
            double degreesOfFreedom, double base, int steadyFromA, int steadyFromB, double pWorse, double familyP,
            String quantity, double wholeA, double wholeB) {

        /** Whether the figure is worse at the family's level: its Holm-adjusted p at or below {@link FamilyCorrection#LEVEL}. */
        public boolean worseForTheFamily() {
            return !Double.isNaN(familyP) && familyP <= FamilyCorrection.LEVEL;
        }

        /** Whether the figure is one of the family the verdict's false-alarm rate is held over. */
        public boolean inFamily() {
            return !Double.isNaN(familyP);
        }

        /** B - A. */
        public double difference() {
            return b - a;
        }

        /** Whether the interval tells the change from noise (an exact difference of anything but 0 does). */
        public boolean significant() {
            return !Double.isNaN(low) && (low > 0 || high < 0);
        }

        /** The interval relative to A, as the change is; NaN without one or when A is 0. */
        public double relativeLow() {
            return base == 0 || Double.isNaN(low) ? Double.NaN : low / Math.abs(base);
        }

        public double relativeHigh() {
            return base == 0 || Double.isNaN(high) ? Double.NaN : high / Math.abs(base);
        }

        /** better, worse, within noise, same; or not judged. */
        public String word() {
            if (basis == Basis.TOO_SHORT || basis == Basis.ONE_SIDE || basis == Basis.BOUND_ONLY) {
                return "not judged";
            }
            if (!significant()) {
                return a == b && basis == Basis.EXACT ? "same" : "within noise";
            }
            return (low > 0) == higherIsBetter ? "better" : "worse";
        }
    }

    /**
     * A figure: its whole-run value, its value in one interval (NaN where an interval has none; null
     * for a figure without a series), and whether the run's figure is the intervals' sum (a count)
     * or their mean.
     */
    private record Figure(String name, boolean higherIsBetter, boolean judged, ToDoubleFunction<StressResult> value,
            PerInterval perInterval, boolean sum, boolean shouldBeZero, boolean onlyWhenBoth) {
        /** What one value of the figure is, in words: "p99", "rate", "CPU per sample". */
        String what() {
            int ms = name.indexOf(" ms");
            if (ms > 0) {
                return name.substring(name.lastIndexOf(' ', ms - 1) + 1, ms);
            }
            return name;
        }

        static Figure of(String name, boolean higherIsBetter, boolean judged, ToDoubleFunction<StressResult> value,
                PerInterval perInterval) {
            return new Figure(name, higherIsBetter, judged, value, perInterval, false, false, false);
        }

        static Figure count(String name, ToDoubleFunction<StressResult> value, PerInterval perInterval) {
            return new Figure(name, false, true, value, perInterval, true, true, false);
        }

        static Figure single(String name, ToDoubleFunction<StressResult> value, boolean onlyWhenBoth) {
            return new Figure(name, false, true, value, null, false, false, onlyWhenBoth);
        }
    }

    /** A figure's value in one interval of a run; NaN where the interval has none. */
    private interface PerInterval {
        double value(StressResult run, IntervalStats interval);
    }

    private static final List<Figure> FIGURES = List.of(
            Figure.of("written samples/s", true, true, StressResult::writtenSamplesPerSecond,
                    (r, i) -> i.written() / i.intervalSeconds()),
            Figure.of("written / target", true, true,
                    r -> r.targetSamplesPerSecond() > 0 ? r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : 0,
                    (r, i) -> i.targetSamplesPerSecond() > 0 ? i.written() / i.intervalSeconds() / i.targetSamplesPerSecond()
                            : Double.NaN),
            Figure.of("response p50 ms", false, true, r -> r.responseLatency().p50Ms(), latency(IntervalStats::response, LatencySummary::p50Ms)),
            Figure.of("response p99 ms", false, true, r -> r.responseLatency().p99Ms(), latency(IntervalStats::response, LatencySummary::p99Ms)),
            Figure.of("response p99.9 ms", false, true, r -> r.responseLatency().p999Ms(),
                    latency(IntervalStats::response, LatencySummary::p999Ms)),
            // The largest of the run is no mean of its intervals' largest: it has no interval, and is shown only.
            Figure.of("response max ms", false, false, r -> r.responseLatency().maxMs(), null),
            Figure.of("service p50 ms", false, true, r -> r.serviceLatency().p50Ms(), latency(IntervalStats::service, LatencySummary::p50Ms)),
            Figure.of("service p99 ms", false, true, r -> r.serviceLatency().p99Ms(), latency(IntervalStats::service, LatencySummary::p99Ms)),
            Figure.count("dropped samples", StressResult::dropped, (r, i) -> i.dropped()),
            Figure.count("failed samples", StressResult::failed, (r, i) -> i.failed()),
            Figure.of("client CPU us/sample", false, true, r -> r.client().cpuMicrosPerSample(), Comparison::cpuPerSample),
            Figure.single("index complete s", r -> r.index() == null ? -1 : r.index().secondsToComplete(), false),
            // The read side, when a run had one: -1 (not measured) otherwise.
            Figure.single("read p99 ms", r -> readLatency(r, ReadSummary::readResponse), false),
            Figure.single("search p99 ms", r -> readLatency(r, ReadSummary::searchResponse), false),
            Figure.single("freshness p99 ms", r -> readLatency(r, ReadSummary::freshness), false),
            Figure.single("read values not the generator's",
                    r -> r.reads() == null || r.reads().readsSent() == 0 ? -1 : r.reads().valueMismatches(), false),
            // On disk, per copy (--disk): more bytes per sample is a year of retention that needs more nodes.
            Figure.single("disk bytes/sample", r -> r.disk() == null || r.disk().bytesPerSample() == null
                    ? -1 : r.disk().bytesPerSample(), true));

    private static PerInterval latency(Function<IntervalStats, LatencySummary> kind, ToDoubleFunction<LatencySummary> p) {
        return (r, i) -> {
            LatencySummary l = kind.apply(i);
            return l == null || l.count() == 0 ? Double.NaN : p.applyAsDouble(l);
        };
    }

    /** The client's CPU per sample written in one interval: its share of the cores over the interval's length. */
    private static double cpuPerSample(StressResult r, IntervalStats i) {
        if (i.cpuPercent() < 0 || i.written() <= 0 || r.client() == null || r.client().cores() <= 0) {
            return Double.NaN;
        }
        return i.cpuPercent() / 100 * r.client().cores() * i.intervalSeconds() * 1e6 / i.written();
    }

    private static double readLatency(StressResult r, Function<ReadSummary, LatencySummary> kind) {
        if (r.reads() == null) {
            return -1;
        }
        LatencySummary l = kind.apply(r.reads());
        return l.count() == 0 ? -1 : l.p99Ms();
    }

    private final List<Row> rows;
    private final List<String> configDifferences;
    private final double maxRegression;
    private final int runsA;
    private final int runsB;
    private final int family;

    private Comparison(List<Row> rows, List<String> configDifferences, double maxRegression, int runsA, int runsB,
            int family) {
        this.family = family;
        this.rows = rows;
        this.configDifferences = configDifferences;
        this.maxRegression = maxRegression;
        this.runsA = runsA;
        this.runsB = runsB;
    }

    /** @param maxRegression allowed worsening as a fraction (0.05 = 5%) */
    public static Comparison of(StressResult a, StressResult b, double maxRegression) {
        return of(List.of(a), List.of(b), maxRegression);
    }

    /** Several runs per side: the runs are the units. */
    public static Comparison of(List<StressResult> a, List<StressResult> b, double maxRegression) {
        return of(a, b, maxRegression, Dependence.AR1_OR_BATCHES);
    }

    /** With the intervals' dependence taken as {@code dependence}: {@link Dependence#INDEPENDENT} only to show the error it makes. */
    static Comparison of(List<StressResult> a, List<StressResult> b, double maxRegression, Dependence dependence) {
        return of(a, b, maxRegression, dependence, true);
    }

    /** {@code familyCorrected} false only to measure what the family's correction costs: each figure on its own test. */
    static Comparison of(List<StressResult> a, List<StressResult> b, double maxRegression, Dependence dependence,
            boolean familyCorrected) {
        if (a.isEmpty() || b.isEmpty()) {
            throw new IllegalArgumentException("a comparison needs a run on each side");
        }
        List<Pending> pending = new ArrayList<>();
        for (Figure f : FIGURES) {
            Pending p = row(f, a, b, maxRegression, dependence);
            if (p != null) {
                pending.add(p);
            }
        }
        // The family: every judged figure with a t interval. Each is tested one-sided (only worse
        // regresses), and Holm holds the chance that any of them is called worse when none is at 5%.
        int family = (int) pending.stream().filter(Pending::tested).count();
        double[] p = pending.stream().filter(Pending::tested).mapToDouble(q -> q.row().pWorse()).toArray();
        double[] adjusted = FamilyCorrection.holm(p);
        List<Row> rows = new ArrayList<>();
        int k = 0;
        for (Pending q : pending) {
            rows.add(q.tested() ? q.settle(adjusted[k++], family, maxRegression, familyCorrected) : q.row());
        }
        return new Comparison(List.copyOf(rows), differences(a.get(0).config(), b.get(0).config()), maxRegression,
                a.size(), b.size(), family);
    }

    /**
     * A row before the family is known: {@code candidate} whether it regresses on its own (worse,
     * significant at 95%, beyond the bound), which the family's correction may overrule.
     */
    private record Pending(Row row, boolean tested, boolean candidate, boolean lostWhereNone, Estimate estimate) {
        Row settle(double familyP, int family, double bound, boolean corrected) {
            boolean worseForTheFamily = familyP <= FamilyCorrection.LEVEL || !corrected;
            boolean regression = lostWhereNone || candidate && worseForTheFamily;
            Row r = row;
            int toDetect = r.base() == 0 ? -1 : DetectableChange.unitsPerSide(estimate.unitVariance(),
                    bound * Math.abs(estimate.unitScale() * r.base()), estimate.independentShare(),
                    FamilyCorrection.LEVEL / family, estimate.basis() == Basis.RUNS ? 2 : MIN_INTERVALS);
            return new Row(r.figure(), r.a(), r.b(), r.change(), regression, r.higherIsBetter(), r.basis(), r.low(),
                    r.high(), r.unitsA(), r.unitsB(), toDetect, r.note(), r.degreesOfFreedom(), r.base(),
                    r.steadyFromA(), r.steadyFromB(), r.pWorse(), familyP, r.quantity(), r.wholeA(), r.wholeB());
        }
    }

    private static Pending row(Figure f, List<StressResult> as, List<StressResult> bs, double bound, Dependence dependence) {
        double[] va = values(f, as);
        double[] vb = values(f, bs);
        boolean missingA = min(va) < 0;
        boolean missingB = min(vb) < 0;
        double a = mean(va);
        double b = mean(vb);
        boolean byRuns = as.size() + bs.size() > 2;
        String whole = wholeRun(f, byRuns);
        if (missingA || missingB) {
            if ((missingA && missingB) || f.onlyWhenBoth()) {
                return null; // not measured in either run
            }
            // Measured on one side only (e.g. indexing never completed in B): worse if B lacks it.
            return new Pending(new Row(f.name(), missingA ? -1 : a, missingB ? -1 : b, Double.NaN, f.judged() && missingB,
                    f.higherIsBetter(), Basis.ONE_SIDE, Double.NaN, Double.NaN, 0, 0, -1,
                    "measured in " + (missingA ? "B" : "A") + " only", 0, a, 0, 0, Double.NaN, Double.NaN, whole,
                    missingA ? -1 : a, missingB ? -1 : b), false, false, false, null);
        }
        double change = relative(a, b);
        Estimate e = byRuns ? byRuns(va, vb) : byIntervals(f, as.get(0), bs.get(0), b - a, dependence);
        if (e.basis() == Basis.TOO_SHORT || e.basis() == Basis.BOUND_ONLY) {
            boolean worse = f.higherIsBetter() ? b < a : b > a;
            // Drops where there were none regress whatever the series say; a figure without a series keeps the bound alone.
            boolean regression = f.judged() && worse && (e.basis() == Basis.BOUND_ONLY
                    ? (a == 0 ? b != 0 : Math.abs(change) > bound)
                    : f.shouldBeZero() && a == 0 && b != 0);
            return new Pending(new Row(f.name(), a, b, change, regression, f.higherIsBetter(), e.basis(), Double.NaN,
                    Double.NaN, e.unitsA(), e.unitsB(), -1, e.note(), 0, a, 0, 0, Double.NaN, Double.NaN, whole, a, b),
                    false, false, false, null);
        }
        DifferenceInterval ci = e.interval();
        // One quantity per row: the interval's. With one run per side that is the steady state's mean
        // of the per-interval figure (a count: the run's sum), relative to A's steady level; so are the
        // row's A, B and change, the whole-run figures kept beside them.
        double base = e.base();
        double steady = ci.difference();
        double shownA = byRuns || f.sum() ? a : base;
        double shownB = byRuns || f.sum() ? b : base + steady;
        boolean worse = f.higherIsBetter() ? steady < 0 : steady > 0;
        boolean lostWhereNone = f.shouldBeZero() && a == 0 && b != 0;
        boolean candidate = f.judged() && worse && ci.significant() && (base == 0 || Math.abs(steady / base) > bound);
        boolean tested = f.judged() && !ci.exact();
        double pWorse = tested ? ci.pTowards(!f.higherIsBetter()) : Double.NaN;
        String quantity = byRuns || f.sum() ? whole : steadyMean(f, as.get(0));
        Row row = new Row(f.name(), shownA, shownB, relative(shownA, shownB), f.judged() && (lostWhereNone || candidate),
                f.higherIsBetter(), ci.exact() ? Basis.EXACT : e.basis(), ci.low(), ci.high(), e.unitsA(), e.unitsB(), -1,
                e.note(), ci.degreesOfFreedom(), base, e.steadyFromA(), e.steadyFromB(), pWorse, Double.NaN, quantity,
                a, b);
        return new Pending(row, tested, candidate, lostWhereNone, e);
    }

    private static double relative(double a, double b) {
        return a == 0 ? (b == 0 ? 0 : Double.NaN) : (b - a) / Math.abs(a);
    }

    /** What a row of whole-run figures is of. */
    private static String wholeRun(Figure f, boolean byRuns) {
        String per = byRuns ? ", one value per run" : "";
        if (f.sum()) {
            return "whole run, sum of its intervals" + per;
        }
        return "whole-run " + f.what() + per;
    }

    /** What a row of one run per side is of: the mean of the per-interval figure over the steady state. */
    private static String steadyMean(Figure f, StressResult run) {
        double seconds = run.intervals() == null || run.intervals().isEmpty() ? 0
                : run.intervals().get(0).intervalSeconds();
        String every = seconds <= 0 ? "" : (seconds == Math.rint(seconds)
                ? String.format(java.util.Locale.ROOT, "%.0f s-", seconds)
                : String.format(java.util.Locale.ROOT, "%.1f s-", seconds));
        String what = f.what();
        String plural = what.startsWith("p") && what.length() <= 5 ? what + "s" : "values of " + what;
        return "mean of " + every + "interval " + plural + ", steady state";
    }

    /**
     * An interval and what it rests on.
     *
     * @param unitVariance the variance of one unit on the scale of a mean of units (for the sizes needed)
     * @param unitScale    the figure per unit over the run's figure: 1 for means, 1 / intervals for a count
     */
    private record Estimate(Basis basis, DifferenceInterval interval, int unitsA, int unitsB, double unitVariance,
            double unitScale, String note, double base, int steadyFromA, int steadyFromB, double independentShare) {
        Estimate(Basis basis, DifferenceInterval interval, int unitsA, int unitsB, double unitVariance, double unitScale,
                String note, double base) {
            this(basis, interval, unitsA, unitsB, unitVariance, unitScale, note, base, 0, 0, 1);
        }
    }

    /** Runs as the units: Welch's interval on the runs' figures; a side of one run takes the other's spread. */
    private static Estimate byRuns(double[] va, double[] vb) {
        double diff = mean(vb) - mean(va);
        double varA = va.length > 1 ? MeanEstimate.of(va, Dependence.INDEPENDENT).variance() : Double.NaN;
        double varB = vb.length > 1 ? MeanEstimate.of(vb, Dependence.INDEPENDENT).variance() : Double.NaN;
        DifferenceInterval ci;
        double unitVariance;
        if (va.length > 1 && vb.length > 1) {
            ci = DifferenceInterval.welch(diff, Math.sqrt(varA / va.length), va.length - 1, Math.sqrt(varB / vb.length),
                    vb.length - 1);
            unitVariance = (varA + varB) / 2;
        } else {
            // One run on a side: its run-to-run spread is taken as the other side's (the same noise assumed).
            double var = va.length > 1 ? varA : varB;
            int df = (va.length > 1 ? va.length : vb.length) - 1;
            ci = DifferenceInterval.around(diff, Math.sqrt(var * (1.0 / va.length + 1.0 / vb.length)), df);
            unitVariance = var;
        }
        return new Estimate(Basis.RUNS, ci, va.length, vb.length, unitVariance, 1, null, mean(va));
    }

    /** One run per side: the figure's series over each run's intervals. */
    private static Estimate byIntervals(Figure f, StressResult a, StressResult b, double diff, Dependence dependence) {
        if (f.perInterval() == null) {
            return new Estimate(Basis.BOUND_ONLY, null, 0, 0, 0, 1, f.judged()
                    ? "one value per run, no series: judged by the bound alone; give two or more runs per side for an interval"
                    : "one value per run, no series: shown, not judged; give two or more runs per side for an interval",
                    Double.NaN);
        }
        double[] sa = series(f, a);
        double[] sb = series(f, b);
        if (sa.length < MIN_INTERVALS || sb.length < MIN_INTERVALS) {
            return new Estimate(Basis.TOO_SHORT, null, sa.length, sb.length, 0, 1, String.format(java.util.Locale.ROOT,
                    "too short to judge: %d and %d intervals, the interval needs %d per side (run longer, or report "
                            + "more often: -r 5s)", sa.length, sb.length, MIN_INTERVALS), Double.NaN);
        }
        // The start-up transient of each run left out (MSER): the interval is the steady state's.
        // A count (drops, failures) keeps its start-up: a sample lost then is lost all the same.
        int fromA = f.sum() ? 0 : StartTransient.steadyFrom(sa);
        int fromB = f.sum() ? 0 : StartTransient.steadyFrom(sb);
        MeanEstimate ea = MeanEstimate.of(Arrays.copyOfRange(sa, fromA, sa.length), dependence);
        MeanEstimate eb = MeanEstimate.of(Arrays.copyOfRange(sb, fromB, sb.length), dependence);
        // A count is the intervals' sum: its steady level and error are n times the mean's.
        double scaleA = f.sum() ? sa.length : 1;
        double scaleB = f.sum() ? sb.length : 1;
        double steadyDiff = f.sum() ? diff : eb.mean() - ea.mean();
        DifferenceInterval ci = DifferenceInterval.welch(steadyDiff, scaleA * ea.standardError(), ea.degreesOfFreedom(),
                scaleB * eb.standardError(), eb.degreesOfFreedom());
        double unitVariance = (ea.longRunVariance() + eb.longRunVariance()) / 2;
        String note = fromA > 0 || fromB > 0 ? String.format(java.util.Locale.ROOT, "steady state from interval %d of A "
                + "and %d of B: the start-up before it is left out of the interval", fromA + 1, fromB + 1) : null;
        double share = (ea.effectiveN() / ea.n() + eb.effectiveN() / eb.n()) / 2;
        return new Estimate(Basis.INTERVALS, ci, sa.length - fromA, sb.length - fromB, unitVariance, 1 / scaleA, note,
                f.sum() ? f.value().applyAsDouble(a) : ea.mean(), fromA, fromB, share);
    }

    /**
     * The figure in each interval of the run's generation (an interval that began after it, in the
     * drain, is not the plan's rate); intervals without a value left out.
     */
    static double[] series(Figure f, StressResult r) {
        if (r.intervals() == null) {
            return new double[0];
        }
        List<Double> out = new ArrayList<>();
        for (IntervalStats i : r.intervals()) {
            if (i.intervalSeconds() <= 0 || i.elapsedSeconds() - i.intervalSeconds() >= r.generationSeconds() - 1e-6) {
                continue;
            }
            double v = f.perInterval().value(r, i);
            if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                out.add(v);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] values(Figure f, List<StressResult> runs) {
        return runs.stream().mapToDouble(f.value()).toArray();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    /** The settings whose values differ, or that only one run has, in name order. */
    static List<String> differences(Map<String, Object> a, Map<String, Object> b) {
        List<String> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            if (a.containsKey(k) != b.containsKey(k)
                    || !Objects.equals(String.valueOf(a.get(k)), String.valueOf(b.get(k)))) {
                out.add(k);
            }
        }
        return out;
    }

    public List<Row> rows() {
        return rows;
    }

    /** The settings in which the runs differ (A's first run against B's), in name order. */
    public List<String> configDifferences() {
        return configDifferences;
    }

    /** The worsening allowed on a judged figure, as a fraction (0.05 = 5%). */
    public double maxRegression() {
        return maxRegression;
    }

    public int runsA() {
        return runsA;
    }

    public int runsB() {
        return runsB;
    }

    /** Whether the runs are the units (two or more runs on a side), not one run's intervals. */
    public boolean byRuns() {
        return runsA + runsB > 2;
    }

    /** How many figures the verdict's false-alarm rate is held over: the judged figures with a t interval. */
    public int familySize() {
        return family;
    }

    /** The figures worse at the family's level (Holm), whether or not beyond the bound. */
    public List<String> worseForTheFamily() {
        return rows.stream().filter(r -> r.worseForTheFamily() && (r.higherIsBetter() ? r.high() < 0 : r.low() > 0))
                .map(Row::figure).toList();
    }

    public List<String> regressions() {
        return rows.stream().filter(Row::regression).map(Row::figure).toList();
    }

    /** The figures that could not be judged for want of intervals. */
    public List<String> tooShort() {
        return rows.stream().filter(r -> r.basis() == Basis.TOO_SHORT).map(Row::figure).toList();
    }

    public boolean hasRegression() {
        return rows.stream().anyMatch(Row::regression);
    }
}
