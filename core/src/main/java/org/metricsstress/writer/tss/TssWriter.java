package org.metricsstress.writer.tss;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.TssSection;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.pipeline.SharedRing;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.writer.PathFigures;
import org.metricsstress.writer.tss.wire.RemoteWriteEncoder;

/**
 * The TSS writer model's pipeline: OpenNMS's RingBufferTimeseriesWriter (one multi-producer ring of
 * {@code --ring-size} events, one per group, read by {@code --writer-threads} writer threads), each
 * thread calling the remote-write plugin's store() ({@link TssWorker}), the plugin's HTTP client
 * behind them ({@link RemoteWriteLink}), its external-tags lookups ({@link ExternalTagsLookups}) and
 * the receiver's own figures read beside the run ({@link ReceiverSide}).
 */
final class TssWriter implements Pipeline, PathFigures {
    /** How long, after abandoning, the writer threads get to count what they hold. */
    private static final long SETTLE_MILLIS = 15_000;

    private final StressConfig config;
    private final RemoteWriteLink link;
    private final ExternalTagsLookups lookups;
    private final ReceiverSide receiver;
    private final SharedRing ring;
    private final TssAnswers answers;
    private final StressMetrics metrics;
    private final long openedNanos = System.nanoTime();
    private volatile long drainedNanos;

    private TssWriter(StressConfig config, StressPlan plan, StressMetrics metrics, RemoteWriteLink link,
            ExternalTagsLookups lookups, ReceiverSide receiver, TssAnswers answers) {
        this.config = config;
        this.metrics = metrics;
        this.link = link;
        this.lookups = lookups;
        this.receiver = receiver;
        this.answers = answers;
        byte[][][] names = metricNames(plan);
        String[][] attributes = attributeNames(plan);
        GroupCommitHandler.Factory workers = () -> new TssWorker(plan, metrics, link, lookups, names, attributes);
        this.ring = new SharedRing(config.pipeline().ringSize(), plan.attributes(), config.pipeline().writerThreads(),
                config.pipeline().onFull(), workers, metrics, false, "TimeseriesWriter-Consumer-");
    }

    static TssWriter open(StressConfig config, StressPlan plan, StressMetrics metrics) throws ClusterException {
        TssAnswers answers = new TssAnswers(metrics);
        RemoteWriteLink link = config.pipeline().sink() == Sink.NULL ? RemoteWriteLink.nowhere(metrics)
                : RemoteWriteLink.to(config.tss(), metrics, answers);
        ExternalTagsLookups lookups = null;
        ReceiverSide receiver = null;
        try {
            lookups = ExternalTagsLookups.open(config.tss(), new SeriesNumbers(plan));
            receiver = config.pipeline().sink() == Sink.NULL ? ReceiverSide.none() : ReceiverSide.watch(config.tss());
            return new TssWriter(config, plan, metrics, link, lookups, receiver, answers);
        } catch (ClusterException | RuntimeException | Error e) {
            link.close();
            if (lookups != null) {
                lookups.close();
            }
            if (receiver != null) {
                receiver.close();
            }
            throw e;
        }
    }

    private static String[][] attributeNames(StressPlan plan) {
        String[][] names = new String[plan.groups()][plan.attributes()];
        for (int g = 0; g < plan.groups(); g++) {
            for (int a = 0; a < plan.attributes(); a++) {
                names[g][a] = ResourceNames.metricName(g, a);
            }
        }
        return names;
    }

    private static byte[][][] metricNames(StressPlan plan) {
        byte[][][] names = new byte[plan.groups()][plan.attributes()][];
        for (int g = 0; g < plan.groups(); g++) {
            for (int a = 0; a < plan.attributes(); a++) {
                names[g][a] = RemoteWriteEncoder.metricName(ResourceNames.metricName(g, a));
            }
        }
        return names;
    }

    @Override
    public Ring ring() {
        return ring;
    }

    @Override
    public int inFlightRequests() {
        return link.inFlight();
    }

    @Override
    public String describe() {
        TssSection t = config.tss();
        return String.format(Locale.ROOT, "writer: tss (OpenNMS's time series integration layer, the Prometheus "
                + "remote-write plugin %s): one ring of %,d events (one per group), %d writer threads, one snappy "
                + "remote-write request per group to %s, %s; external tags: %s", t.tssMode() == org.metricsstress.config.TssMode.ASYNC
                        ? "as released (v2.1.0, async: " + t.tssMaxConnections() + " on the wire, "
                                + t.bulkheadPermits() + " bulkhead permits)"
                        : "as its main branch (sync: the writer thread waits, call timeout "
                                + t.tssCallTimeout().toMillis() + " ms)",
                config.pipeline().ringSize(), config.pipeline().writerThreads(),
                config.pipeline().sink() == Sink.NULL ? "nowhere (--sink null)" : link.where(),
                "write timeout " + t.tssWriteTimeout().toMillis() + " ms, no retries", lookups.describe());
    }

    @Override
    public boolean drain(Duration timeout, Duration requestTimeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean ringDrained = ring.drain(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!ringDrained) {
            ring.abandonRest(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
        }
        // Sent requests get their own timeout to settle, so each is counted once, by its answer: the
        // plugin's, not the driver's request timeout the engine passes for a Newts path.
        TssSection t = config.tss();
        Duration own = t.tssMode() == org.metricsstress.config.TssMode.SYNC && t.tssCallTimeout().compareTo(t.tssWriteTimeout()) < 0
                ? t.tssCallTimeout() : t.tssWriteTimeout();
        long left = Math.max(0, deadline - System.nanoTime()) + Math.max(requestTimeout.toNanos(), own.toNanos());
        boolean settled = link.drain(Duration.ofNanos(left));
        drainedNanos = System.nanoTime();
        return ringDrained && settled;
    }

    @Override
    public void abort() {
        ring.close();
        ring.abandonRest(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
        link.drain(Duration.ofSeconds(1));
        drainedNanos = System.nanoTime();
    }

    @Override
    public void close() {
        link.close();
        lookups.close();
        receiver.close();
    }

    @Override
    public RemoteWriteSummary figures() {
        long end = drainedNanos == 0 ? System.nanoTime() : drainedNanos;
        double seconds = Math.max(1e-9, (end - openedNanos) / 1e9);
        int threads = config.pipeline().writerThreads();
        double busy = metrics.workerClock().snapshot().busyNanos() / 1e9;
        TssSection t = config.tss();
        return new RemoteWriteSummary(t.tssMode().name().toLowerCase(Locale.ROOT), link.where(), answers.requests(),
                answers.byStatus(), answers.firstRefusal(), threads, Math.min(1, busy / (threads * seconds)),
                link.maxInFlight(), link.peakInFlight(), answers.meanInFlight(seconds), link.bulkheadPermits(),
                link.receiverWaitSeconds(), link.queuedPeak(), lookups.summary(), receiver.finish());
    }
}
