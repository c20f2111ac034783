package org.metricsstress.cluster.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.config.ConfigException;

class FaultPlanTest {
    private static final ClusterLayout TWO_DCS = ClusterLayout.parse("dc1:2,dc2:1");

    @Test
    void eventsAreParsedAndOrderedByTime() {
        FaultPlan plan = FaultPlan.parse("restart dc2 at 90s, kill dc2 at 30s,pause 127.0.0.2 at 1m , resume 127.0.0.2 at 70000ms");
        assertEquals(List.of(
                new FaultPlan.Event(FaultPlan.Verb.KILL, "dc2", Duration.ofSeconds(30)),
                new FaultPlan.Event(FaultPlan.Verb.PAUSE, "127.0.0.2", Duration.ofMinutes(1)),
                new FaultPlan.Event(FaultPlan.Verb.RESUME, "127.0.0.2", Duration.ofSeconds(70)),
                new FaultPlan.Event(FaultPlan.Verb.RESTART, "dc2", Duration.ofSeconds(90))), plan.events());
        assertEquals("kill dc2 at 30s, pause 127.0.0.2 at 1m, resume 127.0.0.2 at 70s, restart dc2 at 90s", plan.toString());
        plan.checkedAgainst(TWO_DCS);
    }

    @Test
    void verbsAreCaseInsensitiveAndAnEmptyPlanIsNone() {
        assertEquals(FaultPlan.Verb.KILL, FaultPlan.parse("KILL dc1 at 5").events().get(0).verb());
        assertTrue(FaultPlan.parse(null).isEmpty());
        assertTrue(FaultPlan.parse("  ").isEmpty());
    }

    @Test
    void mistakesAreOneLineNamingThePart() {
        assertEquals("--embedded-fault: unknown action 'stop'; use kill, pause, resume, restart, partition or heal",
                assertThrows(ConfigException.class, () -> FaultPlan.parse("stop dc2 at 3s")).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> FaultPlan.parse("kill dc2 30s")).getMessage()
                .contains("'kill dc2 30s' is not VERB TARGET at TIME"));
        assertTrue(assertThrows(ConfigException.class, () -> FaultPlan.parse("kill dc2 at soon")).getMessage()
                .startsWith("--embedded-fault: 'soon' is not a duration"));
        assertTrue(assertThrows(ConfigException.class, () -> FaultPlan.parse("kill dc2 at 3s,")).getMessage()
                .contains("'' is not VERB TARGET"));
        String unknown = assertThrows(ConfigException.class,
                () -> FaultPlan.parse("kill dc3 at 3s").checkedAgainst(TWO_DCS)).getMessage();
        assertTrue(unknown.contains("'dc3' is neither a data centre nor a node address") && unknown.contains("dc1, dc2"),
                unknown);
        assertThrows(ConfigException.class, () -> FaultPlan.parse("kill 127.0.0.4 at 3s").checkedAgainst(TWO_DCS));
    }

    @Test
    void partitionAndHealNeedContainersWhichAreTargetedByDataCentre() {
        FaultPlan plan = FaultPlan.parse("partition dc2 at 10s, heal dc2 at 20s");
        assertEquals(FaultPlan.Verb.PARTITION, plan.events().get(0).verb());
        assertEquals(FaultPlan.Verb.HEAL, plan.events().get(1).verb());
        assertEquals(plan, plan.checkedAgainst(TWO_DCS).checkedFor(true));
        assertTrue(assertThrows(ConfigException.class, () -> plan.checkedFor(false)).getMessage()
                .startsWith("--embedded-fault: partition cuts a node off its network, which needs nodes in containers"));
        assertTrue(assertThrows(ConfigException.class, () -> FaultPlan.parse("kill 127.0.0.2 at 3s").checkedFor(true))
                .getMessage().contains("name a data centre, not the address '127.0.0.2'"));
        FaultPlan.parse("kill 127.0.0.2 at 3s, kill dc1 at 4s").checkedFor(false);
    }
}
