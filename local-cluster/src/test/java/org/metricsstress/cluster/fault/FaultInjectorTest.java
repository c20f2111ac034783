package org.metricsstress.cluster.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;

/**
 * What the injector leaves behind when the run ends before the plan undid its own faults, and how
 * it carries out a stall (a duty cycle) beside the plan's other events, on fake nodes and the
 * machine's clock: the assertions are about order and counts, never about how long a step took.
 */
class FaultInjectorTest {

    @Test
    void closeResumesWhatThePlanLeftPausedAndSaysSo() throws Exception {
        Recorded r = runAndClose("pause dc2 at 0s", 1);
        assertEquals(List.of("pause 127.0.0.2", "resume 127.0.0.2"), r.calls);
        assertTrue(r.events.get(r.events.size() - 1).contains("resume dc2 (127.0.0.2")
                && r.events.get(r.events.size() - 1).contains("the plan left it paused"), r.events.toString());
    }

    @Test
    void closeHealsWhatThePlanLeftPartitioned() throws Exception {
        Recorded r = runAndClose("partition dc2 at 0s", 1);
        assertEquals(List.of("partition 127.0.0.2", "heal 127.0.0.2"), r.calls);
        assertTrue(r.events.get(r.events.size() - 1).contains("heal dc2 (127.0.0.2"), r.events.toString());
    }

    @Test
    void whatThePlanUndidItselfOrKilledIsLeftAlone() throws Exception {
        Recorded r = runAndClose("pause dc2 at 0s, resume dc2 at 0s, partition dc2 at 0s, heal dc2 at 0s,"
                + " pause 127.0.0.1 at 0s, kill dc1 at 0s", 6);
        assertEquals(List.of("pause 127.0.0.2", "resume 127.0.0.2", "partition 127.0.0.2", "heal 127.0.0.2",
                "pause 127.0.0.1", "kill 127.0.0.1"), r.calls, "a killed node cannot be resumed: nothing to undo");
    }

    /** Runs {@code plan} on a clock already past every event, waits for its {@code actions} events, closes. */
    private static Recorded runAndClose(String plan, int actions) throws Exception {
        Recorded r = new Recorded();
        CountDownLatch done = new CountDownLatch(actions);
        FakeCluster cluster = new FakeCluster(r.calls, r.dead);
        FaultInjector injector = new FaultInjector(cluster, FaultPlan.parse(plan), e -> {
            r.events.add(e);
            done.countDown();
        });
        injector.start(new FaultInjector.GenerationClock() {
            @Override
            public boolean awaitStart() {
                return true;
            }

            @Override
            public double secondsIntoRun() {
                return 1;
            }
        });
        assertTrue(done.await(30, TimeUnit.SECONDS), "the plan was carried out: " + r.events);
        injector.close();
        return r;
    }

    @Test
    void aStallAlternatesStopsAndResumesAndSaysOnlyItsStartAndItsEnd() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("stall dc2 40ms every 100ms from 0s");
        awaitTrue(() -> r.calls.size() >= 6, "three cycles: " + r.calls);
        injector.close();
        List<String> calls = List.copyOf(r.calls);
        assertAlternating(calls, "127.0.0.2");
        assertEquals(2, r.events.size(), r.events.toString());
        assertEquals("stall dc2 (127.0.0.2 fake): stopped 0.04 s of every 0.1 s from 0.0 s", r.events.get(0));
        long pauses = calls.stream().filter(c -> c.startsWith("pause")).count();
        assertEquals("stall dc2 (127.0.0.2 fake): ended after " + pauses + " cycles (the run ended)", r.events.get(1));
        assertEquals(calls, r.calls, "nothing acts once close() returned");
    }

    @Test
    void closeInTheMiddleOfAStopLeavesTheNodeRunning() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("stall 127.0.0.2 20s every 30s from 0s");
        awaitTrue(() -> r.calls.contains("pause 127.0.0.2"), "the first stop: " + r.calls);
        long t0 = System.nanoTime();
        injector.close();
        double closeSeconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(List.of("pause 127.0.0.2", "resume 127.0.0.2"), r.calls);
        assertEquals(List.of("stall 127.0.0.2 (127.0.0.2 fake): stopped 20.0 s of every 30.0 s from 0.0 s",
                "stall 127.0.0.2 (127.0.0.2 fake): ended after 1 cycle (the run ended)"), r.events);
        assertTrue(closeSeconds < 10, "close() ends the stop, it does not wait it out: " + closeSeconds + " s");
    }

    @Test
    void aStallEndsOnItsOwnAtItsUntilWithTheNodeRunning() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("stall dc2 50ms every 100ms from 0s until 450ms");
        awaitTrue(() -> r.events.size() == 2, "the stall's end: " + r.events);
        List<String> calls = List.copyOf(r.calls);
        assertAlternating(calls, "127.0.0.2");
        long pauses = calls.stream().filter(c -> c.startsWith("pause")).count();
        // Stops at 0, 100, ..., 400 ms; a cycle whose stop a busy machine made it miss is skipped.
        assertTrue(pauses >= 1 && pauses <= 5, calls.toString());
        assertEquals("stall dc2 (127.0.0.2 fake): ended after " + pauses + (pauses == 1 ? " cycle" : " cycles")
                + " (until 0.45 s)", r.events.get(1));
        injector.close();
        assertEquals(calls, r.calls, "close() finds nothing left to resume");
        assertEquals(2, r.events.size(), r.events.toString());
    }

    @Test
    void theOtherEventsKeepTheirTimesWhileAStallHoldsANodeStopped() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("stall dc2 20s every 30s from 0s, kill dc1 at 500ms");
        awaitTrue(() -> r.calls.contains("kill 127.0.0.1"), "the kill: " + r.calls);
        assertEquals(List.of("pause 127.0.0.2", "kill 127.0.0.1"), r.calls, "the kill came during dc2's stop");
        injector.close();
        assertEquals(List.of("pause 127.0.0.2", "kill 127.0.0.1", "resume 127.0.0.2"), r.calls);
        assertEquals(3, r.events.size(), r.events.toString());
        assertTrue(r.events.get(1).startsWith("kill dc1 (127.0.0.1 fake): kill"), r.events.toString());
        assertTrue(r.events.get(2).endsWith("ended after 1 cycle (the run ended)"), r.events.toString());
    }

    @Test
    void aRestartTakesTheNodeFromTheStallWhichLeavesItAlone() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("stall dc2 100ms every 200ms from 0s, restart dc2 at 500ms");
        awaitTrue(() -> r.events.stream().anyMatch(e -> e.contains("ended after")), "the stall's end: " + r.events);
        injector.close();
        List<String> calls = List.copyOf(r.calls);
        int restart = calls.indexOf("restart 127.0.0.2");
        assertTrue(restart > 0, calls.toString());
        assertAlternating(calls.subList(0, restart), "127.0.0.2"); // resumed before the restart, if stopped
        assertEquals(restart, calls.size() - 1, "nothing after the restart: " + calls);
        // The stall's end and the restart's "answers CQL again" come from two threads, in either order
        // (once in a unit-test run: the restart's last).
        String end = r.events.stream().filter(e -> e.startsWith("stall dc2")).reduce((a, b) -> b).orElseThrow();
        long pauses = calls.stream().filter(c -> c.startsWith("pause")).count();
        assertTrue(end.matches("stall dc2 \\(127\\.0\\.0\\.2 fake\\): ended after " + pauses + " cycles?"
                + " \\(127\\.0\\.0\\.2: taken over by restart at \\d+\\.\\d s\\)"), end);
        assertEquals(4, r.events.size(), "start, the restart's two, end: " + r.events);
    }

    @Test
    void aStallOnANodeThePlanKilledEndsSayingWhy() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("kill dc2 at 0s, stall dc2 100ms every 200ms from 300ms");
        awaitTrue(() -> r.events.size() == 3, "kill, the stall's start and end: " + r.events);
        injector.close();
        assertEquals(List.of("kill 127.0.0.2"), r.calls);
        assertEquals("stall dc2 (127.0.0.2 fake): ended after 0 cycles (127.0.0.2: stopping it failed:"
                + " 127.0.0.2 is not running)", r.events.get(2));
    }

    /** pause, resume, pause, resume, ... on {@code address}, ending resumed. */
    @Test
    void aCpuQuotaOnANodeWithoutAProcessOfOursFailsInOneEventAndMakesNoGroup() throws Exception {
        Recorded r = new Recorded();
        FaultInjector injector = r.start("cpu dc2 10% from 0s");
        awaitTrue(() -> r.events.size() == 1, "the quota's one event: " + r.events);
        injector.close();
        assertEquals(List.of("cpu dc2 (127.0.0.2 fake) failed: a CPU quota needs child-JVM nodes (their processes are"
                + " this one's)"), r.events);
        assertEquals(List.of(), r.calls, "no signal was sent");
    }

    private static void assertAlternating(List<String> calls, String address) {
        assertTrue(!calls.isEmpty() && calls.size() % 2 == 0, "whole cycles: " + calls);
        for (int i = 0; i < calls.size(); i++) {
            assertEquals((i % 2 == 0 ? "pause " : "resume ") + address, calls.get(i), calls.toString());
        }
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within 30 s: " + what);
            Thread.sleep(5);
        }
    }

    private static final class Recorded {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final Set<String> dead = ConcurrentHashMap.newKeySet();

        /** Starts {@code plan} on fake nodes and the machine's clock, generation starting now. */
        FaultInjector start(String plan) {
            long t0 = System.nanoTime();
            return new FaultInjector(new FakeCluster(calls, dead), FaultPlan.parse(plan), events::add)
                    .start(new FaultInjector.GenerationClock() {
                        @Override
                        public boolean awaitStart() {
                            return true;
                        }

                        @Override
                        public double secondsIntoRun() {
                            return (System.nanoTime() - t0) / 1e9;
                        }
                    });
        }
    }

    private record FakeCluster(List<String> calls, Set<String> dead) implements LocalCluster {
        @Override
        public List<? extends LocalNode> nodes() {
            return List.of(new FakeNode("127.0.0.1", "dc1", calls, dead), new FakeNode("127.0.0.2", "dc2", calls, dead));
        }

        @Override
        public InetSocketAddress contactPoint() {
            return new InetSocketAddress("127.0.0.1", 9042);
        }

        @Override
        public String localDc() {
            return "dc1";
        }

        @Override
        public String defaultReplication() {
            return "dc1:1,dc2:1";
        }

        @Override
        public String kind() {
            return "fake";
        }

        @Override
        public void close() {
        }
    }

    /**
     * Records each action; equal by address, as the injector must tell nodes apart across events.
     * A killed node refuses SIGSTOP and SIGCONT until restarted, as a child JVM does.
     */
    private record FakeNode(String address, String datacenter, List<String> calls, Set<String> dead)
            implements LocalNode {
        @Override
        public String handle() {
            return "fake";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FakeNode n && n.address.equals(address);
        }

        @Override
        public int hashCode() {
            return address.hashCode();
        }

        private String did(String what) {
            calls.add(what + " " + address);
            return what;
        }

        private String signal(String what) throws LocalClusterException {
            if (dead.contains(address)) {
                throw new LocalClusterException(address + " is not running");
            }
            return did(what);
        }

        @Override
        public String kill() {
            dead.add(address);
            return did("kill");
        }

        @Override
        public String pause() throws LocalClusterException {
            return signal("pause");
        }

        @Override
        public String resume() throws LocalClusterException {
            return signal("resume");
        }

        @Override
        public String restart() {
            dead.remove(address);
            return did("restart");
        }

        @Override
        public String partition() {
            return did("partition");
        }

        @Override
        public String heal() {
            return did("heal");
        }
    }
}
