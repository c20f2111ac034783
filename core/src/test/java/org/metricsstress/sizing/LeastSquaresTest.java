package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class LeastSquaresTest {
    @Test
    void anExactLinearRelationIsRecovered() {
        // y = 3 + 2 x1 - 0.5 x2
        List<double[]> x = List.of(new double[] {1, 0, 0}, new double[] {1, 1, 2}, new double[] {1, 4, 1},
                new double[] {1, 2, 8}, new double[] {1, 7, 3});
        List<Double> y = x.stream().map(r -> 3 + 2 * r[1] - 0.5 * r[2]).toList();
        assertArrayEquals(new double[] {3, 2, -0.5}, LeastSquares.solve(x, y, null), 1e-9);
    }

    @Test
    void weightsPullTheFitTowardsTheHeavyObservations() {
        // A constant fitted to 1 and 3: their mean unweighted, 2.8 with the second weighing 9 times the first.
        List<double[]> x = List.of(new double[] {1}, new double[] {1});
        assertEquals(2.0, LeastSquares.solve(x, List.of(1.0, 3.0), null)[0], 1e-12);
        assertEquals(2.8, LeastSquares.solve(x, List.of(1.0, 3.0), List.of(1.0, 9.0))[0], 1e-12);
    }

    @Test
    void aSingularSystemHasNoSolution() {
        List<double[]> x = List.of(new double[] {1, 2}, new double[] {2, 4});
        assertNull(LeastSquares.solve(x, List.of(1.0, 2.0), null));
    }
}
