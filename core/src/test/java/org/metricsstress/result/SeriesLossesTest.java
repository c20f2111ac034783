package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeriesLossesTest {
    @Test
    void aLedgerRoundTripsThroughItsCompactForm() {
        int[] lost = new int[200_000];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 5_000; i++) {
            lost[r.nextInt(lost.length)] += 1 + r.nextInt(100_000);
        }
        lost[0] = 7;
        lost[lost.length - 1] = 1;
        SeriesLosses encoded = SeriesLosses.of(lost);
        assertArrayEquals(lost, encoded.byKey(lost.length));
        assertEquals(java.util.Arrays.stream(lost).asLongStream().sum(), encoded.samples());
        assertEquals(java.util.Arrays.stream(lost).filter(n -> n > 0).count(), encoded.series());
        assertEquals(SeriesLosses.NONE.data(), SeriesLosses.of(new int[10]).data(), "nothing lost, nothing written");
    }
}
