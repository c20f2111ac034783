package org.metricsstress.writer.tss.http;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Prometheus remote-write plugin's HTTP side: one POST per {@code store()} (one OpenNMS group),
 * its body already snappy-compressed by the caller, no retry of anything, ever (the plugin retries
 * nothing). Every request taken ends in exactly one {@link Answer} to the {@link AnswerListener}.
 *
 * <p>ASYNC mode (v2.1.0): {@link #submit} takes a permit of the {@link Bulkhead}, waiting when none
 * is left (the writer thread blocks: backpressure into OpenNMS's ring), copies the body and hands
 * it to the {@link WireDispatcher} (at most maxConcurrentHttpConnections on the wire, the rest
 * queued in order), and returns. SYNC mode (2.2.0-SNAPSHOT): {@link #submit} returns when the
 * answer is in and given to the listener, on the caller's thread. Both modes take the permit, as
 * the plugin's code path does; in SYNC mode it binds only with more callers than permits.
 *
 * <p>java.net.http with HTTP/1.1 forced (the plugin's OkHttp speaks HTTP/1.1 to an http URL), a
 * Content-Length on every body. The JDK's own selector thread, one per client, is not ours to
 * stop: Java 17's HttpClient has no close, and the thread ends once the client is unreachable.
 */
public final class RemoteWriteClient implements AutoCloseable {
    private static final HttpResponse.BodyHandler<String> WHY_ON_FAILURE = info -> info.statusCode() / 100 == 2
            ? HttpResponse.BodySubscribers.replacing((String) null)
            : HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofByteArray(),
                    // Enough bytes for 200 chars of any UTF-8; Answer cuts them to 200.
                    bytes -> new String(bytes, 0, Math.min(bytes.length, 4 * Answer.WHY_CHARS), StandardCharsets.UTF_8));

    private final RemoteWriteSettings settings;
    private final AnswerListener listener;
    private final ExecutorService executor;
    private final HttpClient http;
    private final HttpRequest.Builder template;
    private final long boundMillis;
    private final Bulkhead bulkhead;
    private final WireDispatcher dispatcher;
    private final Set<PendingCall> outstanding = ConcurrentHashMap.newKeySet();
    private final Object drained = new Object();
    private final AtomicInteger onWire = new AtomicInteger();
    private volatile boolean closed;

    public RemoteWriteClient(RemoteWriteSettings settings, AnswerListener listener) {
        this.settings = settings;
        this.listener = listener;
        this.boundMillis = settings.callBound().toMillis();
        this.executor = Executors.newCachedThreadPool(new HttpThreads());
        HttpClient.Builder builder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.callBound())
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(executor);
        if (settings.sslContext() != null) {
            builder.sslContext(settings.sslContext());
        }
        this.http = builder.build();
        this.template = requestTemplate(settings);
        this.bulkhead = new Bulkhead(settings.maxPermits());
        this.dispatcher = new WireDispatcher(settings.maxConcurrentHttpConnections(), this::sendAsync);
    }

    private static HttpRequest.Builder requestTemplate(RemoteWriteSettings s) {
        HttpRequest.Builder b = HttpRequest.newBuilder(s.writeUrl())
                .timeout(s.callBound())
                .header("Content-Encoding", "snappy")
                .header("Content-Type", "application/x-protobuf")
                .header("X-Prometheus-Remote-Write-Version", "0.1.0")
                .header("User-Agent", "metrics-stress (as org.opennms.timeseries.cortex.CortexTSS)");
        if (!s.organizationId().isEmpty()) {
            b.header("X-Scope-OrgID", s.organizationId());
        }
        if (s.user() != null) {
            String pair = s.user() + ":" + s.password();
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        }
        return b;
    }

    /**
     * Sends one request: {@code body[0, length)}, a snappy-compressed WriteRequest, copied (the caller
     * may reuse its buffer at once). The other arguments come back in the request's {@link Answer}.
     * ASYNC: returns once the call is queued, after waiting for a bulkhead permit if none is free.
     * SYNC: returns once the answer is given to the listener.
     *
     * @throws InterruptedException if interrupted while waiting for a permit (the request was not
     *     taken and is never settled) or, in SYNC mode, for the answer (it is settled when it comes)
     * @throws IllegalStateException once the client is closed
     */
    public void submit(byte[] body, int length, int resourceKey, int samples, long intendedNanos)
            throws InterruptedException {
        if (closed) {
            throw new IllegalStateException("the remote-write client is closed");
        }
        bulkhead.acquire();
        PendingCall call = new PendingCall(Arrays.copyOf(body, length), resourceKey, samples, intendedNanos);
        outstanding.add(call);
        if (closed) { // close() ran between the check above and the add: it did not see this call
            settle(call, AnswerClass.IO, 0, "the remote-write client was closed");
            return;
        }
        if (settings.mode() == WriteMode.ASYNC) {
            dispatcher.enqueue(call);
        } else {
            awaitAnswer(call);
        }
    }

    /** ASYNC: the dispatcher gave the call a slot; the slot is given back when the exchange ends. */
    private void sendAsync(PendingCall call) {
        // On our threads: a timeout completes the future on the JDK's delay thread, which should not
        // run the listener or start the next call.
        exchange(call).whenCompleteAsync((response, failure) -> {
            try {
                settle(call, response, failure);
            } finally {
                dispatcher.finished();
            }
        }, executor);
    }

    private void awaitAnswer(PendingCall call) throws InterruptedException {
        CompletableFuture<HttpResponse<String>> exchange = exchange(call);
        HttpResponse<String> response;
        try {
            response = exchange.get();
        } catch (ExecutionException e) {
            settle(call, null, e.getCause());
            return;
        } catch (InterruptedException e) {
            exchange.whenComplete((r, f) -> settle(call, r, f));
            throw e;
        }
        settle(call, response, null);
    }

    /** Puts the call on the wire; the future ends with its answer, bounded by the call's timeout. */
    private CompletableFuture<HttpResponse<String>> exchange(PendingCall call) {
        onWire.incrementAndGet();
        call.sent();
        CompletableFuture<HttpResponse<String>> f;
        try {
            HttpRequest request = template.copy().POST(HttpRequest.BodyPublishers.ofByteArray(call.body)).build();
            f = http.sendAsync(request, WHY_ON_FAILURE);
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        // The request's own timeout ends at the answer's headers; this also bounds reading its body.
        return f.orTimeout(boundMillis, TimeUnit.MILLISECONDS).whenComplete((r, e) -> onWire.decrementAndGet());
    }

    private void settle(PendingCall call, HttpResponse<String> response, Throwable failure) {
        if (response != null) {
            settle(call, AnswerClass.ofStatus(response.statusCode()), response.statusCode(), response.body());
            return;
        }
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        boolean timedOut = cause instanceof HttpTimeoutException || cause instanceof TimeoutException;
        String what = timedOut ? "no answer within " + boundMillis + " ms" : describe(cause);
        settle(call, timedOut ? AnswerClass.TIMEOUT : AnswerClass.IO, 0, what);
    }

    private static String describe(Throwable t) {
        if (t instanceof CancellationException) {
            return "cancelled";
        }
        String kind = t instanceof IOException ? t.getClass().getSimpleName() : t.getClass().getName();
        return t.getMessage() == null ? kind : kind + ": " + t.getMessage();
    }

    private void settle(PendingCall call, AnswerClass answerClass, int status, String why) {
        Answer answer = call.settle(answerClass, status, why);
        if (answer == null) {
            return; // settled already: by a drain's deadline, or by close
        }
        try {
            listener.settled(answer);
        } finally {
            outstanding.remove(call);
            bulkhead.release();
            if (outstanding.isEmpty()) {
                synchronized (drained) {
                    drained.notifyAll();
                }
            }
        }
    }

    /**
     * Waits until every request taken is settled. Those still unsettled at the deadline are settled
     * then, as TIMEOUT, and their late answers ignored.
     *
     * @return whether every request was answered by the deadline
     */
    public boolean drain(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (drained) {
            long left;
            while (!outstanding.isEmpty() && (left = deadline - System.nanoTime()) > 0) {
                drained.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
        if (outstanding.isEmpty()) {
            return true;
        }
        settleAll(AnswerClass.TIMEOUT, "not answered within the drain's " + timeout.toMillis() + " ms");
        dispatcher.dropSettled();
        return false;
    }

    private void settleAll(AnswerClass answerClass, String why) {
        for (PendingCall call : List.copyOf(outstanding)) {
            settle(call, answerClass, 0, why);
        }
    }

    /** Requests on the wire now (sent, not yet answered). */
    public int inFlight() {
        return onWire.get();
    }

    /** ASYNC: requests the dispatcher holds for a wire slot. */
    public int queued() {
        return dispatcher.queued();
    }

    /** Requests taken and not yet settled (queued, on the wire, or answered and being settled). */
    public int outstanding() {
        return outstanding.size();
    }

    public int availablePermits() {
        return bulkhead.available();
    }

    public int maxPermits() {
        return bulkhead.max();
    }

    /** Callers waiting for a bulkhead permit now. */
    public int blockedCallers() {
        return bulkhead.waiting();
    }

    /** Time callers (the writer threads) spent waiting for a bulkhead permit, summed over the waits that ended. */
    public long permitWaitNanos() {
        return bulkhead.blockedNanos();
    }

    public RemoteWriteSettings settings() {
        return settings;
    }

    /**
     * Stops: no request is taken any more, those still unsettled are settled as IO, and the client's
     * threads end. Call {@link #drain} first to give them their answers.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        dispatcher.close();
        settleAll(AnswerClass.IO, "the remote-write client was closed");
        executor.shutdownNow();
    }
}
