package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** At-least points (find-max's highest rate passed) hold the curve up; they never pull it down. */
class UslLowerBoundTest {
    static final List<ScalePoint> MEASURED = List.of(new ScalePoint(1, 10_000, "a"), new ScalePoint(2, 18_000, "b"),
            new ScalePoint(4, 30_000, "c"), new ScalePoint(16, 50_000, "d"));

    static List<ScalePoint> with(ScalePoint bound) {
        List<ScalePoint> points = new ArrayList<>(MEASURED);
        points.add(bound);
        return points;
    }

    @Test
    void aLowerBoundBelowTheCurveDoesNotChangeTheFit() {
        Usl.Fit alone = Usl.fit(MEASURED);
        double below = 0.9 * alone.usl().capacity(8);
        Usl.Fit fit = Usl.fit(with(new ScalePoint(8, below, "fm-8.json", true)));
        assertEquals(alone.usl(), fit.usl(), "the same coefficients, to the bit");
        assertEquals(List.of(), fit.raisedBy());
        assertEquals(4, fit.measured().size());
        // Fitted as a measurement it would have pulled the curve down.
        Usl.Fit asMeasured = Usl.fit(with(new ScalePoint(8, below, "fm-8.json")));
        assertTrue(asMeasured.usl().capacity(8) < alone.usl().capacity(8) - 100, asMeasured.toString());
    }

    @Test
    void aLowerBoundAboveTheFittedCurveRaisesItToTheBound() {
        Usl.Fit alone = Usl.fit(MEASURED);
        double above = 1.1 * alone.usl().capacity(8);
        ScalePoint bound = new ScalePoint(8, above, "fm-8.json", true);
        Usl.Fit fit = Usl.fit(with(bound));
        assertNotEquals(alone.usl(), fit.usl());
        assertEquals(above, fit.usl().capacity(8), above * 1e-9, "held up to the bound, not beyond: " + fit);
        assertEquals(List.of(bound), fit.raisedBy());
        // The measured points are still what is fitted: the error is over them alone.
        assertEquals(4, fit.measured().size());
        assertTrue(fit.rmsRelativeError() > alone.rmsRelativeError());
    }

    @Test
    void lowerBoundsAreSaidOnTheConsoleAndInTheJson() {
        Usl.Fit alone = Usl.fit(MEASURED);
        ScalePoint bound = new ScalePoint(8, Math.round(1.1 * alone.usl().capacity(8)), "fm-8.json", true);
        SizeAnswer a = SizeAnswer.of(new SizeRequest(40_000, "--target", null, 86_400, 1, null, 1.0, 900),
                new SizeEvidence(with(bound), null, null, null, List.of()));
        String console = SizeLinesTestSupport.console(a);
        assertTrue(console.contains("USL fitted to 4 sizes and kept at or above 1 lower bound"), console);
        assertTrue(console.contains("lower bounds, not measurements: " + bound.label() + "; the curve is raised to meet "
                + bound.label()), console);
        @SuppressWarnings("unchecked")
        Map<String, Object> t = (Map<String, Object>) SizeLinesTestSupport.size(a).get("throughput");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> points = (List<Map<String, Object>>) t.get("points");
        assertEquals(List.of(false, false, false, true, false), points.stream().map(p -> p.get("atLeast")).toList());
        @SuppressWarnings("unchecked")
        Map<String, Object> usl = (Map<String, Object>) t.get("usl");
        assertEquals(List.of(8), usl.get("raisedToLowerBoundsAt"));
    }

    @Test
    void withFewerThanThreeMeasuredSizesALowerBoundOnlyRaisesTheRatePerNode() {
        // One measurement of 10,000 on 1 node; at least 24,000 on 2: 12,000 a node at least.
        ThroughputNodes t = ThroughputNodes.of(List.of(new ScalePoint(1, 10_000, "a"),
                new ScalePoint(2, 24_000, "b", true)), 60_000, 1.0);
        assertEquals(ThroughputNodes.LINEAR, t.model());
        assertEquals(12_000, t.perNodeSamplesPerSecond(), 1e-9);
        assertEquals(5, t.nodes());
        assertTrue(t.assumption().contains("raised to the lower bound at 2:>=24,000"), t.assumption());
        // A bound below the measured rate per node leaves it alone.
        ThroughputNodes low = ThroughputNodes.of(List.of(new ScalePoint(1, 10_000, "a"),
                new ScalePoint(2, 15_000, "b", true)), 60_000, 1.0);
        assertEquals(10_000, low.perNodeSamplesPerSecond(), 1e-9);
    }
}
