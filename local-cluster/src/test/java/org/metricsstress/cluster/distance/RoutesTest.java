package org.metricsstress.cluster.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoutesTest {
    private static final List<String> DCS = List.of("dc1", "dc2", "dc3");

    @Test
    void aRouteTakenBeforeAChangeReadsTheNewDelay() {
        Routes routes = new Routes(LatencyMatrix.parse("dc1-dc2=0ms", DCS));
        Routes.Route dc1ToDc2 = routes.between("dc1", "dc2");
        Routes.Route dc2ToDc1 = routes.between("dc2", "dc1");
        assertEquals(0, dc1ToDc2.delay().micros());

        routes.set(LatencyMatrix.parse("dc1-dc2=10ms~1ms,dc1-dc3=3ms", DCS));
        assertEquals(new LatencyMatrix.Delay(10_000, 1_000), dc1ToDc2.delay());
        assertEquals(new LatencyMatrix.Delay(10_000, 1_000), dc2ToDc1.delay(), "the same both ways");
        assertEquals(3_000, routes.between("dc3", "dc1").delay().micros());
        assertEquals(0, routes.between("dc2", "dc3").delay().micros(), "a pair not given is 0 ms");
        assertEquals(0, routes.between("dc2", "dc2").delay().micros(), "a DC is never apart from itself");
        assertEquals("dc1-dc2 10ms~1ms, dc1-dc3 3ms, dc2-dc3 0ms", routes.matrix().toString());
        assertSame(dc1ToDc2, routes.between("dc1", "dc2"), "the route is the same object: open connections keep it");
    }

    @Test
    void theFarthestRouteIntoADcFollowsChanges() {
        Routes routes = new Routes(LatencyMatrix.parse("dc1-dc3=3ms,dc2-dc3=2ms", DCS));
        Routes.Route intoDc3 = routes.farthestInto("dc3");
        assertEquals(3_000, intoDc3.delay().micros());
        routes.set(LatencyMatrix.parse("dc1-dc3=1ms,dc2-dc3=5ms", DCS));
        assertEquals(5_000, intoDc3.delay().micros());
        assertEquals(5_000, routes.farthestInto("dc2").delay().micros());
        assertEquals(1_000, routes.farthestInto("dc1").delay().micros());
    }

    @Test
    void aMatrixOfOtherDcsIsRefused() {
        Routes routes = new Routes(LatencyMatrix.parse("dc1-dc2=1ms", DCS));
        assertThrows(IllegalArgumentException.class,
                () -> routes.set(LatencyMatrix.parse("dc1-dc2=1ms", List.of("dc1", "dc2"))));
        assertThrows(IllegalArgumentException.class, () -> routes.between("dc1", "dc9"));
    }
}
