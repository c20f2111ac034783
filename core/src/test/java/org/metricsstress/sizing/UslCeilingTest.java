package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A curve without a peak: kappa 0 and sigma above 0 rise toward lambda / sigma. Issue 48's case:
 * these points fit sigma 0.28, kappa 0; asked 100,000 samples/s the answer was "its peak is NaN at
 * Infinity nodes", asked 20,000 "adding nodes never stops paying".
 */
class UslCeilingTest {
    static final List<ScalePoint> POINTS = SizeEvidence.parsePoints("--points", "1:10000,2:15000,4:21000,8:27000");

    static SizeRequest request(double target, Double nodeDisk) {
        return new SizeRequest(target, "--target", null, 30 * 86_400L, 1, nodeDisk, 0.8, 900);
    }

    @Test
    void theLawsCeilingIsLambdaOverSigmaAndNoSizeReachesIt() {
        Usl u = new Usl(10_000, 0.25, 0);
        assertEquals(40_000, u.highest(), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, u.peakNodes());
        assertEquals(-1, u.nodesFor(40_000));
        // Just below it: a finite, large answer, solved rather than searched.
        int n = u.nodesFor(39_000);
        assertTrue(n > 1 && u.capacity(n) >= 39_000 && u.capacity(n - 1) < 39_000, "n " + n);
        // Only sigma and kappa both 0 scale for ever.
        assertEquals(Double.POSITIVE_INFINITY, new Usl(10_000, 0, 0).highest());
        assertEquals(13, new Usl(10_000, 0, 0).nodesFor(125_000));
        // Sigma 1 or more: a second node adds nothing.
        assertEquals(10_000, new Usl(10_000, 1.2, 0).highest(), 1e-9);
        assertEquals(-1, new Usl(10_000, 1.2, 0).nodesFor(10_001));
    }

    @Test
    void theShapeIsSaidAsItIs() {
        assertTrue(SizeLines.shape(new Usl(10_000, 0.28, 0)).startsWith("pays less and less: the curve rises toward its "
                + "ceiling lambda/sigma = 35,714 samples/s"), SizeLines.shape(new Usl(10_000, 0.28, 0)));
        assertTrue(SizeLines.shape(new Usl(10_000, 0, 0)).startsWith("never stops paying"));
        assertTrue(SizeLines.shape(new Usl(10_000, 0.05, 0.001)).startsWith("stops paying at N* ="));
    }

    @Test
    void belowTheCeilingTheAnswerSaysTheCurveRisesTowardIt() {
        SizeAnswer a = SizeAnswer.of(request(20_000, null), new SizeEvidence(POINTS, null, null, null, List.of()));
        String console = SizeLinesTestSupport.console(a);
        assertTrue(console.contains("adding nodes pays less and less: the curve rises toward its ceiling lambda/sigma = "
                + "35,067 samples/s"), console);
        assertFalse(console.contains("never stops paying"), console);
        assertNoNanOrInfinity(console);
        assertNoNanOrInfinity(SizeLinesTestSupport.jsonText(a));
    }

    @Test
    void aTargetAboveTheCeilingIsOneLineNamingIt() {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> SizeAnswer.of(request(100_000, null), new SizeEvidence(POINTS, null, null, null, List.of())));
        String m = x.getMessage();
        assertEquals(1, m.lines().count(), m);
        assertTrue(m.contains("the fitted curve reaches 125,000 samples/s (target / headroom) at no size: it rises "
                + "toward its ceiling lambda/sigma = 35,067 samples/s and never reaches it"), m);
        // One degree of freedom (t 12.71): the band reaches what the curve does not, so some size may; the
        // same line gives the interval and says it is extrapolated.
        NodesInterval i = ThroughputNodes.of(POINTS, 125_000, 1.0).interval();
        assertNotNull(i);
        assertFalse(m.contains("no cluster size reaches"), m);
        assertTrue(m.contains(i.words("nodes per DC")) && m.contains("extrapolated: the 95% interval has no upper bound"), m);
        assertNoNanOrInfinity(m);
    }

    @Test
    void withAnotherConstraintAnsweringTheCeilingIsInTheConsoleAndTheFileWithoutNanOrInfinity() {
        SizeEvidence e = new SizeEvidence(POINTS, new SizeEvidence.DiskFigures(18, 0, 86_400, "disk.json"), null, null,
                List.of());
        SizeAnswer a = SizeAnswer.of(request(100_000, 2e12), e);
        assertEquals(SizeAnswer.DISK, a.binding());
        String console = SizeLinesTestSupport.console(a);
        assertTrue(console.lines().anyMatch(l -> l.trim().startsWith("the fitted curve reaches 125,000 samples/s")
                && l.contains("ceiling lambda/sigma = 35,067 samples/s")), console);
        assertNoNanOrInfinity(console);
        String json = SizeLinesTestSupport.jsonText(a);
        assertNoNanOrInfinity(json);
        Map<String, Object> size = SizeLinesTestSupport.size(a);
        assertNull(size.get("nodesByThroughput"));
        NodesInterval i = a.throughput().interval();
        assertEquals(java.util.Arrays.asList(i.low(), null), size.get("nodesByThroughputInterval"));
        assertTrue(console.contains("(throughput - (" + i.words() + "), disk"), console);
        @SuppressWarnings("unchecked")
        Map<String, Object> usl = (Map<String, Object>) ((Map<String, Object>) size.get("throughput")).get("usl");
        assertNull(usl.get("peakNodes"));
        assertEquals(35_067, (Double) usl.get("highestSamplesPerSecond"), 1);
    }

    static void assertNoNanOrInfinity(String text) {
        assertFalse(text.contains("NaN") || text.contains("Infinity") || text.contains("\u221e"), text);
    }
}
