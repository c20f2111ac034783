package org.metricsstress.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;

class DrainBoundTest {
    @Test
    void theDrainTheRequestsStillSettlingAndAMarginForTheSummary() {
        StressConfig config = StressConfig.builder().drainTimeout(Duration.ofSeconds(100))
                .requestTimeout(Duration.ofSeconds(5)).build();
        assertEquals(Duration.ofSeconds(135), DrainBound.of(config));
    }

}
