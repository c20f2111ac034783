package org.metricsstress.cluster.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertEquals("--embedded-fault: unknown action 'stop'; use kill, pause, resume, restart, partition, heal, stall or cpu",
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

    @Test
    void aStallIsParsedWithFractionsAndAnOptionalUntilBesideEvents() {
        FaultPlan plan = FaultPlan.parse("kill dc1 at 60s, stall 127.0.0.2 1.8s every 2s from 10s until 50s,"
                + " STALL dc2 250ms EVERY 1 FROM 0.5m");
        assertEquals(List.of(new FaultPlan.Event(FaultPlan.Verb.KILL, "dc1", Duration.ofSeconds(60))), plan.events());
        assertEquals(List.of(
                new FaultPlan.Stall("127.0.0.2", Duration.ofMillis(1800), Duration.ofSeconds(2), Duration.ofSeconds(10),
                        Duration.ofSeconds(50)),
                new FaultPlan.Stall("dc2", Duration.ofMillis(250), Duration.ofSeconds(1), Duration.ofSeconds(30), null)),
                plan.stalls());
        assertEquals("stall 127.0.0.2 1800ms every 2s from 10s until 50s, stall dc2 250ms every 1s from 30s,"
                + " kill dc1 at 1m", plan.toString());
        assertEquals(plan, FaultPlan.parse(plan.toString()), "the plan as written reads back the same");
        assertEquals("stopped 1.8 s of every 2.0 s from 10.0 s until 50.0 s", plan.stalls().get(0).describe());
        assertEquals("stopped 0.25 s of every 1.0 s from 30.0 s", plan.stalls().get(1).describe());
        assertFalse(FaultPlan.parse("stall dc2 50ms every 100ms from 0s").isEmpty(), "a plan of a stall alone");
        assertEquals(plan, plan.checkedAgainst(TWO_DCS).checkedFor(false));
    }

    @Test
    void aMalformedStallIsOneLineSayingWhatIsAllowed() {
        String form = "is not stall TARGET STOPPED every PERIOD from TIME [until TIME],"
                + " e.g. 'stall 127.0.0.3 1.8s every 2s from 10s until 50s'";
        for (String missing : List.of("stall dc2 1s every 2s", "stall dc2 1s every 2s from", "stall dc2 at 10s",
                "stall dc2 1s every 2s from 10s until", "stall dc2 1s each 2s from 10s",
                "stall dc2 1s every 2s from 10s till 50s", "stall dc2 1s every 2s since 10s",
                "stall dc2 1s every 2s from 10s until 50s then", "stall")) {
            assertEquals("--embedded-fault: '" + missing + "' " + form, refused(missing), missing);
        }
        assertEquals("--embedded-fault: 'stall dc2 2s every 2s from 10s': the time stopped must be more than 0 and"
                + " less than the period, not 2s of every 2s", refused("stall dc2 2s every 2s from 10s"));
        assertEquals("--embedded-fault: 'stall dc2 3s every 2s from 10s': the time stopped must be more than 0 and"
                + " less than the period, not 3s of every 2s", refused("stall dc2 3s every 2s from 10s"));
        assertEquals("--embedded-fault: 'stall dc2 0ms every 2s from 10s': the time stopped must be more than 0 and"
                + " less than the period, not 0ms of every 2s", refused("stall dc2 0ms every 2s from 10s"));
        assertEquals("--embedded-fault: 'stall dc2 10ms every 99ms from 10s': the period must be at least 100ms,"
                + " not 99ms", refused("stall dc2 10ms every 99ms from 10s"));
        assertEquals("--embedded-fault: 'stall dc2 1s every 2s from 10s until 10s': until (10s) must come after"
                + " from (10s)", refused("stall dc2 1s every 2s from 10s until 10s"));
        for (String bad : List.of("1.8x", "-1s", "1;8s", ".5s", "1.s", "soon", "2w")) {
            String part = "stall dc2 " + bad + " every 2s from 10s";
            assertEquals("--embedded-fault: '" + bad + "' in '" + part + "' is not a duration (a number with unit"
                    + " ms, s, m, h or d, e.g. 1.8s, 250ms; a bare number is seconds)", refused(part), bad);
        }
        assertEquals("--embedded-fault: '99999999999h' in 'stall dc2 1s every 2s from 99999999999h' is too large",
                refused("stall dc2 1s every 2s from 99999999999h"));
        assertTrue(refused("kill dc2 1s every 2s from 10s").endsWith(
                "is not VERB TARGET at TIME, e.g. 'kill dc2 at 30s', nor " + "stall TARGET STOPPED every PERIOD"
                        + " from TIME [until TIME], nor cpu TARGET PERCENT% from TIME [until TIME]"));
        String unknown = assertThrows(ConfigException.class,
                () -> FaultPlan.parse("stall dc3 1s every 2s from 10s").checkedAgainst(TWO_DCS)).getMessage();
        assertTrue(unknown.startsWith("--embedded-fault: 'dc3' is neither a data centre nor a node address"), unknown);
    }

    @Test
    void aStallFitsContainersTargetedByDataCentre() {
        FaultPlan plan = FaultPlan.parse("stall dc2 1s every 2s from 10s");
        assertEquals(plan, plan.checkedAgainst(TWO_DCS).checkedFor(true));
        assertEquals("--embedded-fault: with --embedded-image name a data centre, not the address '127.0.0.2'"
                + " (the container engine gives the addresses)", assertThrows(ConfigException.class,
                () -> FaultPlan.parse("stall 127.0.0.2 1s every 2s from 10s").checkedFor(true)).getMessage());
    }

    private static String refused(String plan) {
        return assertThrows(ConfigException.class, () -> FaultPlan.parse(plan), plan).getMessage();
    }

    @Test
    void aCpuQuotaHoldsATargetToAShareOfOneCoreFromItsStartToItsEnd() {
        FaultPlan plan = FaultPlan.parse("cpu 127.0.0.2 25% from 10s until 50s, kill dc2 at 30s, CPU dc1 150% from 1.5s")
                .checkedAgainst(TWO_DCS).checkedFor(false);
        assertEquals(List.of(new FaultPlan.CpuQuota("dc1", 150, Duration.ofMillis(1500), null),
                new FaultPlan.CpuQuota("127.0.0.2", 25, Duration.ofSeconds(10), Duration.ofSeconds(50))), plan.cpuQuotas());
        assertEquals("cpu dc1 150% from 1500ms, cpu 127.0.0.2 25% from 10s until 50s, kill dc2 at 30s", plan.toString());
        assertEquals("25% of one core from 10.0 s until 50.0 s", plan.cpuQuotas().get(1).describe());
        assertFalse(FaultPlan.parse("cpu dc1 5% from 0s").isEmpty());
    }

    @Test
    void aCpuQuotaMistakeIsOneLineSayingTheForm() {
        assertEquals("--embedded-fault: 'cpu dc2 25% at 10s' is not cpu TARGET PERCENT% from TIME [until TIME], e.g."
                + " 'cpu 127.0.0.2 25% from 10s until 50s'",
                assertThrows(ConfigException.class, () -> FaultPlan.parse("cpu dc2 25% at 10s")).getMessage());
        for (String percent : List.of("0%", "25", "1001%", "quarter", "99999999999%")) {
            assertEquals("--embedded-fault: 'cpu dc2 " + percent + " from 1s': the quota must be a percentage of one core,"
                    + " 1% to 1000%, e.g. 25%, not " + percent,
                    assertThrows(ConfigException.class, () -> FaultPlan.parse("cpu dc2 " + percent + " from 1s"))
                            .getMessage());
        }
        assertEquals("--embedded-fault: 'cpu dc2 25% from 10s until 5s': until (5s) must come after from (10s)",
                assertThrows(ConfigException.class, () -> FaultPlan.parse("cpu dc2 25% from 10s until 5s")).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> FaultPlan.parse("cpu dc9 25% from 1s")
                .checkedAgainst(TWO_DCS)).getMessage().startsWith("--embedded-fault: 'dc9' is neither"));
        assertEquals("--embedded-fault: cpu holds a node's process in a cgroup of this machine, which needs child JVMs;"
                + " leave out --embedded-image",
                assertThrows(ConfigException.class, () -> FaultPlan.parse("cpu dc2 25% from 1s").checkedFor(true))
                        .getMessage());
    }
}
