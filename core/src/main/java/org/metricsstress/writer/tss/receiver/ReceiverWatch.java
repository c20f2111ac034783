package org.metricsstress.writer.tss.receiver;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reads the receiver's figures every {@code every} on a daemon thread of its own, beside a run:
 * the first and last readings and the latest {@code keep} of them, the peaks, the readings that
 * failed. Each reading is bounded by {@link ReceiverFigures}' timeout, so a stalled receiver
 * costs one bound per reading and never holds the run.
 */
public final class ReceiverWatch {
    private static final Duration SETTLE_QUIET = Duration.ofMillis(1500);
    private static final Duration SETTLE_BOUND = Duration.ofSeconds(5);
    private final ReceiverFigures figures;
    private final Duration every;
    private final int keep;
    private final ArrayDeque<ReceiverReading> readings = new ArrayDeque<>();
    private ScheduledExecutorService thread;
    private ReceiverReading first;
    private ReceiverReading last;
    private long taken;
    private long failed;
    private String firstFailure;
    private double peakHeadSeries = Double.NaN;
    private double peakResidentBytes = Double.NaN;

    public ReceiverWatch(ReceiverFigures figures, Duration every, int keep) {
        if (every.isNegative() || every.isZero() || keep < 1) {
            throw new IllegalArgumentException("a watch reads at a positive interval and keeps at least one reading");
        }
        this.figures = figures;
        this.every = every;
        this.keep = keep;
    }

    /** Every second, the last hour's readings kept. */
    public ReceiverWatch(ReceiverFigures figures) {
        this(figures, Duration.ofSeconds(1), 3600);
    }

    /** Takes the first reading now (the run's deltas start there), then one every interval. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("the watch has started");
        }
        readOnce();
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "receiver-watch");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleWithFixedDelay(this::readOnce, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops the thread, takes the last reading and sums the run up. */
    public ReceiverSummary finish() {
        ScheduledExecutorService t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            // No interrupt: a reading under way ends within its own bound and counts as what it was.
            t.shutdown();
            try {
                t.awaitTermination(figures.timeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        readOnce();
        settle();
        synchronized (this) {
            return ReceiverSummary.of(first, last, peakHeadSeries, peakResidentBytes, taken, failed, firstFailure);
        }
    }

    /**
     * VictoriaMetrics' page lags its inserts (measured on 1.79.5: an import showed in
     * vm_rows_inserted_total after 37 ms to 1 s); Prometheus counts before it answers 204. So for
     * VictoriaMetrics the last reading is taken once samples-in has not moved for SETTLE_QUIET, within
     * SETTLE_BOUND.
     */
    private void settle() {
        ReceiverReading r;
        synchronized (this) {
            r = last;
        }
        if (r == null || r.kind() != ReceiverKind.VICTORIAMETRICS) {
            return;
        }
        long deadline = System.nanoTime() + SETTLE_BOUND.toNanos();
        long quietSince = System.nanoTime();
        double seen = r.samplesIn();
        while (System.nanoTime() - quietSince < SETTLE_QUIET.toNanos() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            readOnce();
            synchronized (this) {
                if (Double.compare(last.samplesIn(), seen) != 0) {
                    seen = last.samplesIn();
                    quietSince = System.nanoTime();
                }
            }
        }
    }

    /** The readings kept, oldest first. */
    public synchronized List<ReceiverReading> readings() {
        return List.copyOf(readings);
    }

    private void readOnce() {
        ReceiverReading r;
        try {
            r = figures.read();
        } catch (IOException e) {
            synchronized (this) {
                failed++;
                if (firstFailure == null) {
                    firstFailure = e.getMessage();
                }
            }
            return;
        }
        synchronized (this) {
            taken++;
            if (first == null) {
                first = r;
            }
            last = r;
            if (readings.size() == keep) {
                readings.removeFirst();
            }
            readings.addLast(r);
            peakHeadSeries = max(peakHeadSeries, r.headSeries());
            peakResidentBytes = max(peakResidentBytes, r.residentBytes());
        }
    }

    private static double max(double peak, double v) {
        if (Double.isNaN(v)) {
            return peak;
        }
        return Double.isNaN(peak) ? v : Math.max(peak, v);
    }
}
