package org.metricsstress.microbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The heap models' fit: its rows carry their constant term, so the regression must add none. */
class HeapModelFitTest {
    @Test
    void anExactLinearRelationWithItsOwnConstantColumnIsRecovered() {
        // y = 3 + 2 x1 - 0.5 x2 on seeded rows: a second intercept would make the design singular or shift the constant.
        Random r = new Random(58);
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            double[] row = {1, r.nextInt(50), 10 * r.nextDouble()};
            x.add(row);
            y.add(3 + 2 * row[1] - 0.5 * row[2]);
        }
        assertArrayEquals(new double[] {3, 2, -0.5}, HeapModelFit.leastSquares(x, y), 1e-9);
    }
}
