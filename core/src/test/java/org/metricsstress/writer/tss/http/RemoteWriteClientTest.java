package org.metricsstress.writer.tss.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.Headers;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class RemoteWriteClientTest {
    /** Every answer the client gave, in order. */
    private final List<Answer> answers = new CopyOnWriteArrayList<>();
    private final AnswerListener record = answers::add;

    @Test
    void sendsThePluginsHeadersAndABodyWithItsLength() throws Exception {
        AtomicReference<Headers> headers = new AtomicReference<>();
        AtomicReference<byte[]> received = new AtomicReference<>();
        AtomicReference<String> method = new AtomicReference<>();
        try (TestReceiver receiver = new TestReceiver(exchange -> {
                    headers.set(exchange.getRequestHeaders());
                    method.set(exchange.getRequestMethod());
                    received.set(exchange.getRequestBody().readAllBytes());
                    TestReceiver.answer(exchange, 204, "");
                });
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                        .withOrganizationId("tenant-7").withBasicAuth("opennms", "sec:ret"), record)) {
            byte[] buffer = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
            client.submit(buffer, 10, 42, 9, 123L);
            buffer[0] = 'X'; // the caller reuses its buffer at once: the client sent its own copy
            assertTrue(client.drain(Duration.ofSeconds(5)));

            assertEquals("POST", method.get());
            assertArrayEquals("0123456789".getBytes(StandardCharsets.US_ASCII), received.get());
            Headers h = headers.get();
            assertEquals("10", h.getFirst("Content-Length"));
            assertNull(h.getFirst("Transfer-Encoding"));
            assertEquals("snappy", h.getFirst("Content-Encoding"));
            assertEquals("application/x-protobuf", h.getFirst("Content-Type"));
            assertEquals("0.1.0", h.getFirst("X-Prometheus-Remote-Write-Version"));
            assertEquals("metrics-stress (as org.opennms.timeseries.cortex.CortexTSS)", h.getFirst("User-Agent"));
            assertEquals("tenant-7", h.getFirst("X-Scope-OrgID"));
            assertEquals("Basic " + Base64.getEncoder().encodeToString("opennms:sec:ret".getBytes(StandardCharsets.UTF_8)),
                    h.getFirst("Authorization"));

            Answer a = answers.get(0);
            assertEquals(AnswerClass.WRITTEN, a.answerClass());
            assertEquals(204, a.status());
            assertEquals(42, a.resourceKey());
            assertEquals(9, a.samples());
            assertEquals(123L, a.intendedNanos());
            assertEquals("", a.why());
            assertTrue(a.submittedNanos() <= a.sentNanos() && a.sentNanos() <= a.answeredNanos());
        }
    }

    @Test
    void noOrgIdAndNoCredentialsSendNeitherHeader() throws Exception {
        AtomicReference<Headers> headers = new AtomicReference<>();
        try (TestReceiver receiver = new TestReceiver(exchange -> {
                    headers.set(exchange.getRequestHeaders());
                    TestReceiver.answer(exchange, 200, "");
                });
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl()), record)) {
            client.submit(new byte[3], 3, 1, 1, 0);
            assertTrue(client.drain(Duration.ofSeconds(5)));
            assertFalse(headers.get().containsKey("X-Scope-OrgID"));
            assertFalse(headers.get().containsKey("Authorization"));
            assertEquals(AnswerClass.WRITTEN, answers.get(0).answerClass());
        }
    }

    @Test
    void eachStatusGetsItsClassAndAFailureItsBodysFirst200Chars() throws Exception {
        String longWhy = "out of bounds ".repeat(30);
        Map<String, Integer> statusOf = Map.of("a", 400, "b", 429, "c", 503, "d", 204, "e", 422);
        try (TestReceiver receiver = new TestReceiver(exchange -> {
                    String which = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.US_ASCII);
                    int status = statusOf.get(which);
                    TestReceiver.answer(exchange, status, status == 400 ? "out of order sample\n"
                            : status == 422 ? longWhy : status == 204 ? "" : "busy " + status);
                });
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                        .withMaxConcurrentHttpConnections(1), record)) {
            int key = 0;
            for (String which : List.of("a", "b", "c", "d", "e")) {
                client.submit(which.getBytes(StandardCharsets.US_ASCII), 1, key++, 1, 0);
            }
            assertTrue(client.drain(Duration.ofSeconds(10)));
        }
        Map<Integer, Answer> byKey = new ConcurrentHashMap<>();
        answers.forEach(a -> byKey.put(a.resourceKey(), a));
        assertEquals(5, answers.size());
        assertAnswer(byKey.get(0), AnswerClass.REFUSED, 400, "out of order sample");
        assertAnswer(byKey.get(1), AnswerClass.THROTTLED, 429, "busy 429");
        assertAnswer(byKey.get(2), AnswerClass.SERVER_ERROR, 503, "busy 503");
        assertAnswer(byKey.get(3), AnswerClass.WRITTEN, 204, "");
        assertAnswer(byKey.get(4), AnswerClass.REFUSED, 422, longWhy.strip().substring(0, 200));
        assertEquals(Answer.WHY_CHARS, byKey.get(4).why().length());
    }

    @Test
    void aReceiverThatNeverAnswersIsATimeoutWithinTheWriteTimeout() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (TestReceiver receiver = new TestReceiver(exchange -> never.await());
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                        .withWriteTimeout(Duration.ofMillis(300)), record)) {
            client.submit(new byte[5], 5, 1, 5, 0);
            assertTrue(client.drain(Duration.ofSeconds(5)), "the timeout settles it, not the drain");
            Answer a = answers.get(0);
            assertEquals(AnswerClass.TIMEOUT, a.answerClass());
            assertEquals(0, a.status());
            long waited = TimeUnit.NANOSECONDS.toMillis(a.answeredNanos() - a.sentNanos());
            assertTrue(waited >= 250 && waited < 2_000, "timed out after " + waited + " ms");
            assertTrue(waitFor(() -> client.inFlight() == 0), "in flight " + client.inFlight());
        } finally {
            never.countDown();
        }
    }

    @Test
    void syncModeIsBoundedByTheShorterOfCallAndWriteTimeouts() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (TestReceiver receiver = new TestReceiver(exchange -> never.await());
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                        .withMode(WriteMode.SYNC).withCallTimeout(Duration.ofMillis(200)), record)) {
            long start = System.nanoTime();
            client.submit(new byte[5], 5, 1, 5, 0);
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(1, answers.size(), "settled before submit returned");
            assertEquals(AnswerClass.TIMEOUT, answers.get(0).answerClass());
            assertTrue(took >= 150 && took < 2_000, "a 200 ms call timeout under a 5 s write timeout took " + took + " ms");
        } finally {
            never.countDown();
        }
    }

    @Test
    void aClosedPortIsAnIoFailure() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (RemoteWriteClient client = new RemoteWriteClient(
                RemoteWriteSettings.defaults(URI.create("http://127.0.0.1:" + port + "/api/v1/write")), record)) {
            client.submit(new byte[5], 5, 1, 5, 0);
            assertTrue(client.drain(Duration.ofSeconds(5)));
            Answer a = answers.get(0);
            assertEquals(AnswerClass.IO, a.answerClass(), a.toString());
            assertEquals(0, a.status());
            assertTrue(a.why().contains("ConnectException"), a.why());
        }
    }

    @Test
    void asyncKeepsAtMostMaxConnectionsOnTheWireAndBlocksTheCallerOnceThePermitsAreGone() throws Exception {
        AtomicInteger concurrent = new AtomicInteger();
        AtomicInteger mostConcurrent = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        try (TestReceiver receiver = new TestReceiver(exchange -> {
                    mostConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
                    try {
                        release.await();
                    } finally {
                        concurrent.decrementAndGet();
                    }
                    TestReceiver.answer(exchange, 204, "");
                });
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                        .withMaxConcurrentHttpConnections(2), record)) {
            assertEquals(8, client.maxPermits());
            for (int i = 0; i < 8; i++) {
                client.submit(new byte[4], 4, i, 1, 0); // returns at once: a permit was free
            }
            assertTrue(waitFor(() -> concurrent.get() == 2 && client.inFlight() == 2),
                    "on the wire " + client.inFlight() + ", at the receiver " + concurrent.get());
            assertEquals(6, client.queued());
            assertEquals(0, client.availablePermits());
            assertEquals(0, client.permitWaitNanos());

            Thread ninth = new Thread(() -> {
                try {
                    client.submit(new byte[4], 4, 8, 1, 0);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "ninth-writer");
            ninth.start();
            assertTrue(waitFor(() -> ninth.getState() == Thread.State.WAITING && client.blockedCallers() == 1),
                    "the ninth caller waits for a permit: " + ninth.getState());
            Thread.sleep(100);
            assertTrue(ninth.isAlive(), "still blocked");
            assertEquals(6, client.queued(), "the blocked call is not queued yet");

            release.countDown();
            ninth.join(5_000);
            assertFalse(ninth.isAlive());
            assertTrue(client.drain(Duration.ofSeconds(5)));
            assertEquals(9, answers.size());
            assertTrue(answers.stream().allMatch(Answer::written), answers.toString());
            assertEquals(2, mostConcurrent.get(), "never more than maxConcurrentHttpConnections at the receiver");
            assertTrue(client.permitWaitNanos() >= TimeUnit.MILLISECONDS.toNanos(100),
                    "blocked " + client.permitWaitNanos() + " ns");
            assertEquals(8, client.availablePermits());
            assertEquals(0, client.inFlight());
        }
    }

    @Test
    void syncModeBlocksTheCallerUntilAnsweredAndAnswersOnItsThread() throws Exception {
        try (TestReceiver receiver = new TestReceiver(exchange -> {
                    Thread.sleep(300);
                    TestReceiver.answer(exchange, 204, "");
                });
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                        .withMode(WriteMode.SYNC), answer -> {
                            answers.add(answer);
                            assertSame(Thread.currentThread().getName(), "sync-writer");
                        })) {
            AtomicReference<Long> took = new AtomicReference<>();
            AtomicReference<Integer> answersAtReturn = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                long start = System.nanoTime();
                try {
                    client.submit(new byte[4], 4, 1, 1, 0);
                } catch (InterruptedException e) {
                    return;
                }
                took.set(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                answersAtReturn.set(answers.size());
            }, "sync-writer");
            writer.start();
            writer.join(5_000);
            assertTrue(took.get() >= 300, "submit returned after " + took.get() + " ms, the receiver took 300");
            assertEquals(1, answersAtReturn.get(), "answered before submit returned");
            assertTrue(answers.get(0).written());
            assertEquals(0, client.inFlight());
            assertEquals(0, client.outstanding());
        }
    }

    @Test
    void aDrainsDeadlineSettlesWhatIsLeftExactlyOnceEvenAsAnswersArrive() throws Exception {
        int roundsAllAnswered = 0;
        int roundsCutShort = 0;
        for (int r = 0; r < 6; r++) {
            int round = r;
            answers.clear();
            CountDownLatch release = new CountDownLatch(1);
            Map<Integer, AtomicInteger> settledTimes = new ConcurrentHashMap<>();
            AnswerListener count = a -> {
                settledTimes.computeIfAbsent(a.resourceKey(), k -> new AtomicInteger()).incrementAndGet();
                answers.add(a);
            };
            try (TestReceiver receiver = new TestReceiver(exchange -> {
                        release.await();
                        TestReceiver.answer(exchange, 204, "");
                    });
                    RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                            .withMaxConcurrentHttpConnections(4), count)) {
                for (int i = 0; i < 16; i++) {
                    client.submit(new byte[4], 4, i, 1, 0);
                }
                assertTrue(waitFor(() -> client.inFlight() == 4));
                // The answers are let go from well before the drain's deadline to after it, by round.
                long drainMillis = 200;
                Thread releaser = new Thread(() -> {
                    try {
                        Thread.sleep(20 + 48L * round);
                    } catch (InterruptedException e) {
                        return;
                    }
                    release.countDown();
                });
                releaser.start();
                boolean all = client.drain(Duration.ofMillis(drainMillis));
                releaser.join();
                assertTrue(waitFor(() -> client.inFlight() == 0), "in flight " + client.inFlight());
                Thread.sleep(50); // late answers, if any are still coming, come now
                assertEquals(16, settledTimes.size(), "round " + round + ": every call settled");
                settledTimes.forEach((k, n) -> assertEquals(1, n.get(), "round " + round + ": call " + k + " settled " + n));
                long timeouts = answers.stream().filter(a -> a.answerClass() == AnswerClass.TIMEOUT).count();
                assertEquals(!all, timeouts > 0, "drain said " + all + " with " + timeouts + " timeouts");
                if (all) {
                    roundsAllAnswered++;
                } else {
                    roundsCutShort++;
                }
                assertTrue(answers.stream().allMatch(a -> a.written() || a.answerClass() == AnswerClass.TIMEOUT));
                assertEquals(0, client.outstanding());
                assertEquals(0, client.queued(), "a call settled while queued is not counted as queued");
                assertEquals(16, client.availablePermits());
            }
            assertEquals(16, answers.size(), "close settles nothing twice");
        }
        // Let go 180 ms before the deadline, all answers come in time; 60 ms after it, none does.
        assertTrue(roundsAllAnswered > 0 && roundsCutShort > 0,
                roundsAllAnswered + " rounds answered in time, " + roundsCutShort + " cut short: the race was not run");
    }

    @Test
    void closeSettlesWhatIsLeftAndTakesNothingMore() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (TestReceiver receiver = new TestReceiver(exchange -> never.await())) {
            RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl())
                    .withMaxConcurrentHttpConnections(1), record);
            client.submit(new byte[4], 4, 1, 1, 0);
            client.submit(new byte[4], 4, 2, 1, 0);
            assertTrue(waitFor(() -> client.inFlight() == 1 && client.queued() == 1));
            client.close();
            assertEquals(2, answers.size());
            assertTrue(answers.stream().allMatch(a -> a.answerClass() == AnswerClass.IO), answers.toString());
            assertEquals(0, answers.stream().filter(a -> a.resourceKey() == 2).findFirst().orElseThrow().sentNanos(),
                    "the queued call was never sent");
            assertThrows(IllegalStateException.class, () -> client.submit(new byte[1], 1, 3, 1, 0));
            assertTrue(waitFor(() -> Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(t -> t.getName().startsWith("metrics-stress-tss-http-") && t.isAlive())),
                    "the client's threads end");
        } finally {
            never.countDown();
        }
    }

    @Test
    void theClientsThreadsAreNamedDaemons() throws Exception {
        try (TestReceiver receiver = new TestReceiver(exchange -> TestReceiver.answer(exchange, 204, ""));
                RemoteWriteClient client = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl()), record)) {
            AtomicReference<Thread> where = new AtomicReference<>();
            try (RemoteWriteClient probe = new RemoteWriteClient(RemoteWriteSettings.defaults(receiver.writeUrl()),
                    a -> where.set(Thread.currentThread()))) {
                probe.submit(new byte[1], 1, 1, 1, 0);
                assertTrue(probe.drain(Duration.ofSeconds(5)));
            }
            assertTrue(where.get().getName().startsWith("metrics-stress-tss-http-"), where.get().getName());
            assertTrue(where.get().isDaemon());
            assertEquals(0, client.outstanding());
        }
    }

    @Test
    void settingsKeepThePluginsDefaultsAndHideThePassword() {
        RemoteWriteSettings s = RemoteWriteSettings.defaults(URI.create("http://h:9090/api/v1/write"));
        assertEquals(WriteMode.ASYNC, s.mode());
        assertEquals(100, s.maxConcurrentHttpConnections());
        assertEquals(400, s.maxPermits());
        assertEquals(Duration.ofMillis(5000), s.writeTimeout());
        assertEquals(Duration.ofMillis(5000), s.callBound());
        assertEquals(Duration.ofMillis(5000), s.withMode(WriteMode.SYNC).callBound(), "the shorter of 5 s and 10 s");
        assertEquals(Duration.ofMillis(10_000), s.callTimeout());
        assertFalse(s.withBasicAuth("u", "hunter2").toString().contains("hunter2"));
        assertThrows(IllegalArgumentException.class, () -> s.withMaxConcurrentHttpConnections(0));
        assertThrows(IllegalArgumentException.class, () -> s.withWriteTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> s.withBasicAuth("u", null));
    }

    private static void assertAnswer(Answer a, AnswerClass c, int status, String why) {
        assertEquals(c, a.answerClass(), a.toString());
        assertEquals(status, a.status());
        assertEquals(why, a.why());
    }

    private static boolean waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(5);
        }
        return condition.getAsBoolean();
    }
}
