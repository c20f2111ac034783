package org.metricsstress.cluster.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.ConfigException;

class LatencyMatrixTest {
    private static final List<String> THREE = List.of("dc1", "dc2", "dc3");

    @Test
    void pairsAreTheSameBothWaysAndZeroWithinADcOrWhenNotGiven() {
        LatencyMatrix m = LatencyMatrix.parse("dc1-dc2=2ms, dc3-dc1=3ms", THREE);
        assertEquals(new LatencyMatrix.Delay(2000, 0), m.between("dc1", "dc2"));
        assertEquals(new LatencyMatrix.Delay(2000, 0), m.between("dc2", "dc1"));
        assertEquals(new LatencyMatrix.Delay(3000, 0), m.between("dc1", "dc3"));
        assertEquals(LatencyMatrix.Delay.ZERO, m.between("dc2", "dc3"));
        assertEquals(LatencyMatrix.Delay.ZERO, m.between("dc2", "dc2"));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("dc1-dc2", "2ms");
        expected.put("dc1-dc3", "3ms");
        expected.put("dc2-dc3", "0ms");
        assertEquals(expected, m.describe());
    }

    @Test
    void aWildcardCoversEveryPairOfItsDcAndAnExactPairWinsWhateverTheOrder() {
        LatencyMatrix m = LatencyMatrix.parse("dc1-dc3=7ms,dc1-*=2ms", THREE);
        assertEquals(2000, m.between("dc1", "dc2").micros());
        assertEquals(7000, m.between("dc3", "dc1").micros());
        assertEquals(0, m.between("dc2", "dc3").micros());
        LatencyMatrix all = LatencyMatrix.parse("*-*=1.5ms", THREE);
        assertEquals(1500, all.between("dc2", "dc3").micros());
        assertEquals(1500, all.between("dc1", "dc3").micros());
        assertEquals("1.5ms", all.describe().get("dc2-dc3"));
    }

    @Test
    void jitterAndUnits() {
        LatencyMatrix m = LatencyMatrix.parse("dc1-dc2=2ms~0.5ms,dc2-dc3=500us,dc1-dc3=1s", THREE);
        LatencyMatrix.Delay d = m.between("dc1", "dc2");
        assertEquals(new LatencyMatrix.Delay(2000, 500), d);
        assertEquals("2ms~0.5ms", d.toString());
        // A chunk's delay is drawn evenly within delay +- jitter.
        assertEquals(1_500_000, d.nanos(0.0));
        assertEquals(2_000_000, d.nanos(0.5));
        assertEquals(2_500_000, d.nanos(1.0));
        assertEquals(500, m.between("dc3", "dc2").micros());
        assertEquals(1_000_000, m.between("dc1", "dc3").micros());
        assertTrue(LatencyMatrix.parse("dc1-dc2=0ms", THREE).between("dc1", "dc2").isZero());
        assertFalse(d.isZero());
    }

    @Test
    void dcNamesWithDashesSplitWhereBothEndsAreKnown() {
        LatencyMatrix m = LatencyMatrix.parse("eu-west-us-east=40ms", List.of("eu-west", "us-east"));
        assertEquals(40_000, m.between("us-east", "eu-west").micros());
    }

    @Test
    void mistakesAreOneLine() {
        assertError("dc1-dc4=2ms", "--embedded-latency: 'dc1-dc4' names a data centre not in --embedded-nodes (has dc1, dc2, dc3)");
        assertError("dc2-dc2=2ms", "--embedded-latency: 'dc2-dc2=2ms' pairs dc2 with itself; a DC's own nodes are never delayed");
        assertError("dc1-dc2=2", "--embedded-latency: '2' is not a delay such as 2ms, 500us, 1.5ms or 2ms~0.5ms (a jitter)");
        assertError("dc1-dc2=2xs", "--embedded-latency: '2xs' is not a delay such as 2ms, 500us, 1.5ms or 2ms~0.5ms (a jitter)");
        assertError("dc1-dc2=-2ms", "--embedded-latency: '-2ms' is not a delay such as 2ms, 500us, 1.5ms or 2ms~0.5ms (a jitter)");
        assertError("dc1-dc2=2ms~", "--embedded-latency: '2ms~' is not a delay such as 2ms, 500us, 1.5ms or 2ms~0.5ms (a jitter)");
        assertError("dc1-dc2=1ms~2ms", "--embedded-latency: '1ms~2ms' has a jitter larger than its delay; a message cannot arrive before it was sent");
        assertError("dc1-dc2=2s", "--embedded-latency: '2s' is over 1s one way");
        assertError("dc1-dc2=2ms,dc2-dc1=3ms", "--embedded-latency: the pair dc1-dc2 is given twice");
        assertError("dc1=2ms", "--embedded-latency: 'dc1' is not a pair DC-DC, e.g. dc1-dc2 or dc1-*");
        assertError("dc1-dc2", "--embedded-latency: 'dc1-dc2' is not DC-DC=DELAY, e.g. dc1-dc2=2ms");
        assertError(" ", "--embedded-latency: empty; give DC-DC=DELAY pairs, e.g. dc1-dc2=2ms");
        ConfigException one = assertThrows(ConfigException.class, () -> LatencyMatrix.parse("dc1-dc2=2ms", List.of("dc1")));
        assertEquals("--embedded-latency: needs two data centres or more in --embedded-nodes, e.g. dc1:1,dc2:1",
                one.getMessage());
    }

    private static void assertError(String text, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> LatencyMatrix.parse(text, THREE));
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
