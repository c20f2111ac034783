package org.metricsstress.cluster.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;

/**
 * The start of a container cluster with its steps injected, no engine needed: when one node fails,
 * or the JVM gives the start up (Ctrl-C), no node comes up after the cluster was stopped. A fake
 * node is "running" between the end of its start and its stop; like a container whose creation has
 * not yet begun, a node that has not started ignores a stop.
 */
class SeedFirstStartTest {

    /** A node whose start the test controls. */
    static final class Node implements LocalNode {
        final String name;
        final AtomicBoolean running = new AtomicBoolean();
        final CountDownLatch startBegan = new CountDownLatch(1);
        final CountDownLatch startEnded = new CountDownLatch(1);
        volatile Behaviour behaviour = n -> { };

        Node(String name) {
            this.name = name;
        }

        void start() throws LocalClusterException {
            startBegan.countDown();
            try {
                behaviour.run(this);
                running.set(true);
            } finally {
                startEnded.countDown();
            }
        }

        void stop() {
            running.set(false);
        }

        @Override
        public String address() {
            return name;
        }

        @Override
        public String datacenter() {
            return "dc1";
        }

        @Override
        public String handle() {
            return name;
        }

        @Override
        public String kill() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String pause() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String resume() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String restart() {
            throw new UnsupportedOperationException();
        }
    }

    interface Behaviour {
        void run(Node n) throws LocalClusterException;
    }

    private static SeedFirstStart<Node> starting(List<Node> nodes) {
        return new SeedFirstStart<>(nodes, n -> n.name, Node::start, Node::stop, Duration.ofSeconds(10));
    }

    private static Behaviour failing(CountDownLatch failed) {
        return n -> {
            failed.countDown();
            throw new LocalClusterException("container " + n.name + " did not start: injected");
        };
    }

    /** As a container start that the interrupt does not reach: it ends in its own time. */
    private static Behaviour deafTo(CountDownLatch after) {
        return n -> {
            long until = 0;
            while (true) {
                try {
                    after.await();
                    if (until == 0) {
                        until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
                    }
                    long left = until - System.nanoTime();
                    if (left <= 0) {
                        return;
                    }
                    TimeUnit.NANOSECONDS.sleep(left);
                } catch (InterruptedException ignored) {
                    // Carries on regardless.
                }
            }
        };
    }

    @Test
    void aNodeThatFailsLeavesNoOtherNodeUpEvenOneWhoseStartIgnoresTheInterrupt() throws Exception {
        Node seed = new Node("n1");
        Node failing = new Node("n2");
        Node slow = new Node("n3");
        CountDownLatch failed = new CountDownLatch(1);
        failing.behaviour = failing(failed);
        slow.behaviour = deafTo(failed);
        SeedFirstStart<Node> start = starting(List.of(seed, failing, slow));

        LocalClusterException e = assertThrows(LocalClusterException.class, start::run);
        start.stopAll();

        assertEquals("container n2 did not start: injected", e.getMessage());
        assertTrue(slow.startEnded.await(10, TimeUnit.SECONDS), "the slow start ends");
        assertFalse(seed.running.get(), "the seed was stopped");
        assertFalse(slow.running.get(), "a node whose start was under way when n2 failed was stopped after it came up");
    }

    @Test
    void aNodeThatFailsCutsTheOtherStartsShort() throws Exception {
        Node seed = new Node("n1");
        Node failing = new Node("n2");
        Node waiting = new Node("n3");
        CountDownLatch failed = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        failing.behaviour = failing(failed);
        waiting.behaviour = n -> {
            try {
                never.await();
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new LocalClusterException("interrupted while starting " + n.name, ie);
            }
        };
        SeedFirstStart<Node> start = starting(List.of(seed, failing, waiting));

        assertThrows(LocalClusterException.class, start::run);
        start.stopAll();

        assertEquals(0, waiting.startEnded.getCount(), "stopAll() returns once the start under way has ended");
        never.countDown();
        assertFalse(waiting.running.get());
        assertFalse(seed.running.get());
    }

    @Test
    void givenUpMidStartAsOnCtrlCNoNodeStaysUp() throws Exception {
        Node seed = new Node("n1");
        Node other = new Node("n2");
        Node slow = new Node("n3");
        CountDownLatch givenUp = new CountDownLatch(1);
        slow.behaviour = deafTo(givenUp);
        SeedFirstStart<Node> start = starting(List.of(seed, other, slow));
        List<Throwable> outcome = new ArrayList<>();
        Thread main = new Thread(() -> {
            try {
                start.run();
            } catch (LocalClusterException | RuntimeException e) {
                outcome.add(e);
            }
        });
        main.start();
        assertTrue(slow.startBegan.await(10, TimeUnit.SECONDS));

        // What the shutdown hook does while the start goes on.
        givenUp.countDown();
        start.stopAll();

        assertFalse(seed.running.get(), "seed");
        assertFalse(other.running.get(), "n2");
        assertFalse(slow.running.get(), "n3, whose start was under way");
        main.join(10_000);
        assertFalse(main.isAlive());
        assertFalse(slow.running.get(), "n3 after its start has ended");
        assertEquals(1, outcome.size(), "a start given up fails: " + outcome);
    }
}
