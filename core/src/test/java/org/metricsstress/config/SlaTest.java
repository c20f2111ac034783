package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SlaTest {

    @Test
    void theIssueExampleParses() {
        Sla sla = Sla.parse("--sla", "p99<25ms,drops=0,rate>=0.98");
        assertEquals(3, sla.criteria().size());
        assertEquals(new Sla.Criterion("p99<25ms", "response.p99", "<", 25), sla.criteria().get(0));
        assertEquals(new Sla.Criterion("drops=0", "drops", "=", 0), sla.criteria().get(1));
        assertEquals(new Sla.Criterion("rate>=0.98", "rate", ">=", 0.98), sla.criteria().get(2));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "p99.9 <= 0.5s;response.p99.9;<=;500",
        "service.p99<2000us;service.p99;<;2",
        "lag.max<1s;lag.max;<;1000",
        "rate>=98%;rate;>=;0.98",
        "cpu<80%;cpu;<;80",
        "failed == 0;failed;=;0",
        "index.time<=120;index.time;<=;120",
        "queue.p50>0.1;queue.p50;>;0.1",
        "read.p99<50ms;read.p99;<;50",
        "read.service.p99.9<0.2s;read.service.p99.9;<;200",
        "search.max<5;search.max;<;5",
        "freshness.p99<1s;freshness.p99;<;1000"
    })
    void unitsAndPrefixes(String text, String metric, String op, double threshold) {
        Sla.Criterion c = Sla.parse("--sla", text).criteria().get(0);
        assertEquals(metric, c.metric());
        assertEquals(op, c.op());
        assertEquals(threshold, c.threshold(), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"p99", "p99<", "p98<5ms", "p99<5kg", "rate>=5ms", "drops=0ms", "speed>5", "p99<<5", ",", "p99<5ms,,drops=0"})
    void badCriteriaGiveOneLineNamingThePart(String text) {
        String m = assertThrows(ConfigException.class, () -> Sla.parse("--sla", text)).getMessage();
        assertTrue(m.startsWith("--sla: "), m);
        assertTrue(!m.contains("\n"));
    }

    @Test
    void criteriaHold() {
        Sla.Criterion lt = Sla.parse("--sla", "p99<25").criteria().get(0);
        assertTrue(lt.holds(24.9));
        assertTrue(!lt.holds(25));
        assertTrue(Sla.parse("--sla", "drops=0").criteria().get(0).holds(0));
    }
}
