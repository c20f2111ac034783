package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The interval of nodes by throughput, on points drawn from a known curve with noise: does it hold
 * the curve's own answer as often as a 95 % interval should, without covering everything.
 */
class UslIntervalTest {
    static final Usl TRUTH = new Usl(12_000, 0.05, 0.001);
    static final int[] SIZES = {1, 2, 4, 8, 16};
    static final int SEEDS = 200;
    /** Multiplicative noise, one standard deviation: find-max answers a few per cent apart run to run. */
    static final double NOISE = 0.04;

    static List<ScalePoint> noisy(long seed) {
        Random r = new Random(seed);
        List<ScalePoint> points = new ArrayList<>();
        for (int n : SIZES) {
            points.add(new ScalePoint(n, TRUTH.capacity(n) * (1 + NOISE * r.nextGaussian()), "seed " + seed));
        }
        return points;
    }

    /**
     * What the intervals did over every seed at one target: a seed whose band gives no interval
     * counts as not covering, so the rate is unconditional.
     */
    record Coverage(int answered, int banded, int covered, int bounded, List<Integer> widths, int lowest, int highest) {
        double rate() {
            return (double) covered / SEEDS;
        }

        int medianWidth() {
            return widths.stream().sorted().toList().get(widths.size() / 2);
        }
    }

    static Coverage over(double target) {
        int truth = TRUTH.nodesFor(target);
        int answered = 0;
        int banded = 0;
        int covered = 0;
        int bounded = 0;
        int lowest = Integer.MAX_VALUE;
        int highest = 0;
        List<Integer> widths = new ArrayList<>();
        for (long seed = 1; seed <= SEEDS; seed++) {
            ThroughputNodes t = ThroughputNodes.of(noisy(seed), target, 1.0);
            NodesInterval i = t.interval();
            if (t.nodes() != null) {
                answered++;
                assertNotNull(i, "five points, two degrees of freedom, an answer: an interval (seed " + seed + ")");
                assertTrue(i.low() <= t.nodes() && (i.high() == null || t.nodes() <= i.high()), "holds its own answer: " + i);
            } else {
                // No answer on the curve: "no cluster size reaches" only when the band does not reach either.
                assertEquals(i == null, t.unreached().startsWith("no cluster size reaches"), t.unreached());
                assertTrue(t.unreached().contains(i == null ? "band puts the most any size does at" : i.words("nodes per DC")),
                        t.unreached());
            }
            if (i == null) {
                continue;
            }
            banded++;
            lowest = Math.min(lowest, i.low());
            if (i.high() != null) {
                bounded++;
                highest = Math.max(highest, i.high());
                widths.add(i.high() - i.low());
            } else {
                assertNotNull(i.highMissing(), "an unbounded interval says why in words");
                assertNotNull(t.extrapolation(), "an interval with no upper edge is extrapolated: " + i);
            }
            if (i.low() <= truth && (i.high() == null || truth <= i.high())) {
                covered++;
            }
        }
        Coverage c = new Coverage(answered, banded, covered, bounded, widths, lowest, highest);
        System.out.printf("target %,.0f (true answer %d nodes): %d of %d seeds answered, %d with an interval, covered %d "
                + "(%.1f %% of all seeds), bounded %d, median width %d, lowest low %d, highest high %d%n", target, truth,
                answered, SEEDS, banded, covered, 100 * c.rate(), bounded, c.medianWidth(), lowest, highest);
        return c;
    }

    /**
     * Inside the measured sizes (the truth needs 11 nodes for 80,000 samples/s; points up to 16).
     * Measured over the 200 seeds, every one counted: 197 covered (98.5 %), 150 with an upper bound,
     * median width 4 nodes, lows from 6, highs up to 16. The bound: an honest 95 % interval covers 190
     * of 200 or more but for chance (the binomial's standard deviation over 200 seeds is 1.5 %, so
     * 95 % - 2 sd = 92 %). The band is somewhat conservative here: the answer is a whole number of
     * nodes, so its edges have up to a node of slack. Tried on the same seeds and rejected: a residual
     * bootstrap (999 resamples of the five relative residuals, percentiles) covered 181 (90.5 %), since
     * five residuals about a three-coefficient curve understate the scatter; the band with the normal
     * 1.96 for Student's t covered 192 here but 91 % at the largest size (below).
     */
    @Test
    void insideTheMeasuredSizesTheIntervalHoldsTheTrueAnswerAsOftenAsItShould() {
        Coverage c = over(80_000);
        assertEquals(SEEDS, c.answered());
        assertTrue(c.rate() >= 0.92, "coverage " + c);
        // Not absurdly wide: bounded in most seeds (measured 75 %), a few nodes wide, never down to 1 node
        // nor up to three times the truth.
        assertTrue(c.bounded() >= 0.6 * SEEDS, "bounded " + c.bounded());
        assertTrue(c.medianWidth() <= 6, "median width " + c.medianWidth());
        assertTrue(c.lowest() >= 4 && c.highest() <= 33, c.toString());
    }

    /**
     * At the largest size measured (the truth needs 16 nodes for 95,000 samples/s, 88 % of its peak):
     * some fits peak below the need and give no answer (measured: 16 of 200), yet the band is computed
     * for them too, and reaches the need in all but one (199 of 200 with an interval); the pessimistic
     * edge often never reaches it, so most intervals have no upper bound (174 of 199). Coverage over
     * all 200 seeds measured 195 (97.5 %); the same 92 % bound. Before issue 58 the band was computed
     * only for the 184 answered seeds and the test skipped the rest: 181 of 184 (98.4 %) conditional,
     * 181 of 200 (90.5 %) counted over every seed, below the bound. On those 184 the band with 1.96
     * instead of Student's t (2 degrees of freedom: 4.30) covered 167 (90.8 %), the residual bootstrap
     * 143 (77.7 %).
     */
    @Test
    void atTheLargestSizeMeasuredItStillHoldsItAndSaysWhenNoSizeBoundsIt() {
        Coverage c = over(95_000);
        assertTrue(c.answered() >= 0.8 * SEEDS && c.answered() < SEEDS, c.toString());
        assertTrue(c.banded() > c.answered(), "the band is computed where the curve gives no answer: " + c);
        assertTrue(c.rate() >= 0.92, "coverage " + c);
        assertTrue(c.bounded() < c.banded(), "some intervals have no upper bound: " + c);
    }

    /**
     * Tight points (0.5 % noise) and a need twice the curve's peak: not even the band's optimistic
     * edge reaches it, and only then is it "no cluster size reaches", with the band's range of the
     * most any size does, which holds the true peak.
     */
    @Test
    void noClusterSizeReachesOnlyWhereTheBandsOptimisticEdgeDoesNotEither() {
        double need = 2 * TRUTH.highest();
        int covered = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Random r = new Random(seed);
            List<ScalePoint> points = new ArrayList<>();
            for (int n : SIZES) {
                points.add(new ScalePoint(n, TRUTH.capacity(n) * (1 + 0.005 * r.nextGaussian()), "seed " + seed));
            }
            ThroughputNodes t = ThroughputNodes.of(points, need, 1.0);
            assertNull(t.nodes());
            assertNull(t.interval(), "seed " + seed);
            String m = t.unreached();
            assertTrue(m.startsWith("no cluster size reaches") && m.contains("nor at its band's optimistic edge")
                    && m.contains("the band puts the most any size does at"), m);
            UslBand.Reach band = UslBand.reach(t.fit(), need);
            assertTrue(band.pessimisticMost() <= t.fit().usl().highest() && t.fit().usl().highest() <= band.optimisticMost()
                    && band.optimisticMost() < need, band.toString());
            if (band.pessimisticMost() <= TRUTH.highest() && TRUTH.highest() <= band.optimisticMost()) {
                covered++;
            }
            // The peak (18.5 nodes) is beyond the largest size measured (16): said.
            assertTrue(m.contains("extrapolated: the curve's peak at"), m);
        }
        assertTrue(covered >= 18, "the band's range of the peak held the true one in " + covered + " of 20");
    }

    /**
     * Issue 58: three points for three coefficients, a need beyond the curve's peak 13 times the
     * largest size measured. The curve fits them with nothing left over, so it cannot say that no size
     * reaches the need: it says the curve reaches none, that three points fit and do not predict, and
     * that the peak is extrapolated.
     */
    @Test
    void threePointsBeyondTheirPeakFitAndDoNotPredictAndTheirPeakIsExtrapolated() {
        List<ScalePoint> points = List.of(new ScalePoint(1, 4_000, "p"), new ScalePoint(2, 7_800, "p"),
                new ScalePoint(3, 11_400, "p"));
        ThroughputNodes t = ThroughputNodes.of(points, 80_000, 1.0);
        assertNull(t.nodes());
        assertNull(t.interval());
        String m = t.unreached();
        assertFalse(m.contains("no cluster size reaches"), m);
        assertTrue(m.startsWith("the fitted curve reaches 80,000 samples/s (target / headroom) at no size"), m);
        assertTrue(m.contains("they can fit the curve, not predict from it"), m);
        assertTrue(t.peakNodes() > 3 && m.contains(String.format(java.util.Locale.ROOT, "extrapolated: the curve's peak at "
                + "%.1f nodes is %.1f times the largest size measured (1-3 nodes)", t.peakNodes(), t.peakNodes() / 3)), m);
        assertTrue(SizeLines.shape(t.fit().usl(), 3).endsWith("extrapolated: the peak is beyond the largest size measured (3)"));
    }

    /** The answer within the sizes measured, but its interval's upper edge beyond them: extrapolated, said. */
    @Test
    void anIntervalWhoseUpperEdgeIsBeyondTheSizesMeasuredIsFlaggedExtrapolated() {
        List<ScalePoint> four = List.of(new ScalePoint(1, 10_000, "a"), new ScalePoint(2, 15_000, "b"),
                new ScalePoint(4, 21_000, "c"), new ScalePoint(8, 27_000, "d"));
        ThroughputNodes t = ThroughputNodes.of(four, 25_000, 1.0);
        assertTrue(t.nodes() <= 16 && t.interval().high() == null, t.toString());
        assertTrue(t.extrapolation().startsWith("extrapolated: the 95% interval has no upper bound"), t.extrapolation());
        SizeAnswer a = SizeAnswer.of(new SizeRequest(25_000, "--target", null, 86_400, 1, null, 1.0, 900),
                new SizeEvidence(four, null, null, null, List.of()));
        assertTrue(SizeLinesTestSupport.console(a).contains("; by throughput extrapolated at its interval's upper edge"));
        // A bounded interval within twice the largest size: no warning.
        List<ScalePoint> five = List.of(new ScalePoint(1, 10_000, "a"), new ScalePoint(2, 18_000, "b"),
                new ScalePoint(4, 30_000, "c"), new ScalePoint(8, 42_000, "d"), new ScalePoint(16, 50_000, "e"));
        ThroughputNodes bounded = ThroughputNodes.of(five, 40_000, 1.0);
        assertTrue(bounded.interval().high() != null && bounded.interval().high() <= 32, bounded.toString());
        assertNull(bounded.extrapolation());
    }

    @Test
    void theSameInputGivesTheSameInterval() {
        NodesInterval a = ThroughputNodes.of(noisy(7), 80_000, 1.0).interval();
        NodesInterval b = ThroughputNodes.of(noisy(7), 80_000, 1.0).interval();
        assertEquals(a, b);
    }

    @Test
    void threePointsClaimNoErrorAndNoInterval() {
        // Three sizes from a known curve: the law's three coefficients pass through all three.
        List<ScalePoint> points = List.of(new ScalePoint(1, TRUTH.capacity(1), "a"), new ScalePoint(4, TRUTH.capacity(4), "b"),
                new ScalePoint(8, TRUTH.capacity(8), "c"));
        ThroughputNodes t = ThroughputNodes.of(points, 60_000, 1.0);
        assertEquals(0, t.fit().degreesOfFreedom());
        assertNull(t.interval());
        assertTrue(t.intervalMissing().contains("no error or interval can be estimated"), t.intervalMissing());
        String errors = SizeLines.errors(t.fit());
        assertTrue(errors.startsWith("the curve passes through every point: 3 points for 3 coefficients"), errors);
        assertFalse(errors.contains("rms"), errors);

        SizeAnswer a = SizeAnswer.of(new SizeRequest(60_000, "--target", null, 86_400, 1, null, 1.0, 900),
                new SizeEvidence(points, null, null, null, List.of()));
        String console = SizeLinesTestSupport.console(a);
        assertFalse(console.contains("error rms"), console);
        assertTrue(console.contains("no interval: 3 measured points for the law's 3 coefficients"), console);
        Map<String, Object> size = SizeLinesTestSupport.size(a);
        assertNull(size.get("nodesByThroughputInterval"));
        @SuppressWarnings("unchecked")
        Map<String, Object> usl = (Map<String, Object>) ((Map<String, Object>) size.get("throughput")).get("usl");
        assertNull(usl.get("rmsRelativeError"));
        assertNull(usl.get("maxRelativeError"));
        assertEquals(0, usl.get("degreesOfFreedom"));
    }

    @Test
    void fivePointsGiveAnIntervalInTheJsonBesideTheNodes() {
        List<ScalePoint> points = List.of(new ScalePoint(1, 10_000, "a"), new ScalePoint(2, 18_000, "b"),
                new ScalePoint(4, 30_000, "c"), new ScalePoint(8, 42_000, "d"), new ScalePoint(16, 50_000, "e"));
        SizeAnswer a = SizeAnswer.of(new SizeRequest(40_000, "--target", null, 86_400, 1, null, 1.0, 900),
                new SizeEvidence(points, null, null, null, List.of()));
        NodesInterval i = a.throughput().interval();
        Map<String, Object> size = SizeLinesTestSupport.size(a);
        assertEquals(java.util.Arrays.asList(i.low(), i.high()), size.get("nodesByThroughputInterval"));
        String console = SizeLinesTestSupport.console(a);
        assertTrue(console.contains("(throughput " + a.throughput().nodes() + " (95% interval " + i.range() + ")"), console);
    }
}
