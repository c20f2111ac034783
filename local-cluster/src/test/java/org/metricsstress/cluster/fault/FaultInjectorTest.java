package org.metricsstress.cluster.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalNode;

/** What the injector leaves behind when the run ends before the plan undid its own faults. */
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
        FakeCluster cluster = new FakeCluster(r.calls);
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

    private static final class Recorded {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
    }

    private record FakeCluster(List<String> calls) implements LocalCluster {
        @Override
        public List<? extends LocalNode> nodes() {
            return List.of(new FakeNode("127.0.0.1", "dc1", calls), new FakeNode("127.0.0.2", "dc2", calls));
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

    /** Records each action; equal by address, as the injector must tell nodes apart across events. */
    private record FakeNode(String address, String datacenter, List<String> calls) implements LocalNode {
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

        @Override
        public String kill() {
            return did("kill");
        }

        @Override
        public String pause() {
            return did("pause");
        }

        @Override
        public String resume() {
            return did("resume");
        }

        @Override
        public String restart() {
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
