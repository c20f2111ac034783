package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
}
