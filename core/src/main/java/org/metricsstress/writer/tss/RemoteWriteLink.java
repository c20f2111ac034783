package org.metricsstress.writer.tss;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.metricsstress.config.TssMode;
import org.metricsstress.config.TssSection;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.writer.tss.http.RemoteWriteClient;
import org.metricsstress.writer.tss.http.RemoteWriteSettings;
import org.metricsstress.writer.tss.http.WriteMode;

/**
 * The writer threads' side of the plugin's HTTP client: hands each request over and measures what
 * the verdict reads of the wire: the time a writer thread was held by it (a bulkhead permit in
 * async mode, the answer in sync mode), and the most requests seen on the wire and queued.
 */
abstract class RemoteWriteLink implements RemoteWriteOut, AutoCloseable {
    private final LongAdder heldNanos = new LongAdder();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicInteger queuedPeak = new AtomicInteger();
    private final StressMetrics metrics;

    RemoteWriteLink(StressMetrics metrics) {
        this.metrics = metrics;
    }

    static RemoteWriteLink to(TssSection t, StressMetrics metrics, TssAnswers answers) {
        RemoteWriteSettings settings = new RemoteWriteSettings(t.tssWriteUrl(),
                t.tssMode() == TssMode.ASYNC ? WriteMode.ASYNC : WriteMode.SYNC, t.tssMaxConnections(),
                t.tssWriteTimeout(), t.tssCallTimeout(), t.tssOrgId(), t.tssUsername(), t.tssPassword(), null);
        RemoteWriteClient client = new RemoteWriteClient(settings, answers);
        return new RemoteWriteLink(metrics) {
            @Override
            void submit(byte[] body, int length, int resourceKey, int samples, long intendedNanos)
                    throws InterruptedException {
                client.submit(body, length, resourceKey, samples, intendedNanos);
            }

            @Override
            public int inFlight() {
                return client.inFlight();
            }

            @Override
            int queued() {
                return client.queued();
            }

            @Override
            boolean drain(Duration timeout) {
                try {
                    return client.drain(timeout);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }

            @Override
            String where() {
                return redacted(t);
            }

            @Override
            int maxInFlight() {
                return t.tssMode() == TssMode.ASYNC ? t.tssMaxConnections() : Math.min(t.tssMaxConnections(), threads(metrics));
            }

            @Override
            int bulkheadPermits() {
                return t.tssMode() == TssMode.ASYNC ? client.maxPermits() : 0;
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    /** --sink null: each request is built and compressed, then counted written; nothing is sent. */
    static RemoteWriteLink nowhere(StressMetrics metrics) {
        return new RemoteWriteLink(metrics) {
            @Override
            void submit(byte[] body, int length, int resourceKey, int samples, long intendedNanos) {
                metrics.written(samples);
                metrics.response().recordNanos(System.nanoTime() - intendedNanos);
            }

            @Override
            public int inFlight() {
                return 0;
            }

            @Override
            int queued() {
                return 0;
            }

            @Override
            boolean drain(Duration timeout) {
                return true;
            }

            @Override
            String where() {
                return "nowhere (--sink null)";
            }

            @Override
            int maxInFlight() {
                return 0;
            }

            @Override
            int bulkheadPermits() {
                return 0;
            }

            @Override
            public void close() {
            }
        };
    }

    private static int threads(StressMetrics metrics) {
        return Math.max(1, metrics.workerClock().workers());
    }

    /** The write URL without user info or query: what a log or a result may show. */
    static String redacted(TssSection t) {
        var u = t.tssWriteUrl();
        return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort()) + u.getPath();
    }

    abstract void submit(byte[] body, int length, int resourceKey, int samples, long intendedNanos)
            throws InterruptedException;

    abstract int queued();

    abstract boolean drain(Duration timeout);

    abstract String where();

    abstract int maxInFlight();

    abstract int bulkheadPermits();

    @Override
    public abstract void close();

    @Override
    public final void send(byte[] body, int length, int resourceKey, int samples, long intendedNanos) {
        long began = System.nanoTime();
        metrics.requestSent();
        try {
            submit(body, length, resourceKey, samples, intendedNanos);
        } catch (InterruptedException e) {
            // Not taken by the client: never settled by it, so counted here, once.
            Thread.currentThread().interrupt();
            metrics.failed(resourceKey, samples, ErrorClass.ABANDONED);
        } catch (IllegalStateException closed) {
            metrics.failed(resourceKey, samples, ErrorClass.ABANDONED);
        } finally {
            long held = System.nanoTime() - began;
            heldNanos.add(held);
            metrics.workerClock().sampleWrite(held);
            peakInFlight.accumulateAndGet(inFlight(), Math::max);
            queuedPeak.accumulateAndGet(queued(), Math::max);
        }
    }

    double receiverWaitSeconds() {
        return heldNanos.sum() / 1e9;
    }

    int peakInFlight() {
        return peakInFlight.get();
    }

    int queuedPeak() {
        return queuedPeak.get();
    }
}
