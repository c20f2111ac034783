package org.metricsstress.writer.tss;

import java.time.Duration;
import org.metricsstress.config.TssSection;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.writer.tss.receiver.ReceiverFigures;
import org.metricsstress.writer.tss.receiver.ReceiverSummary;
import org.metricsstress.writer.tss.receiver.ReceiverWatch;

/**
 * The receiver's own figures read beside the run, as the nodes' are for Cassandra: its /metrics
 * every second on a thread of its own, each read bounded, so a stalled receiver costs one bound
 * per reading and the samples' path never waits for it.
 */
final class ReceiverSide implements AutoCloseable {
    /** A reading's bound: a receiver that cannot answer /metrics in this time is counted silent. */
    private static final Duration READ_BOUND = Duration.ofSeconds(2);

    private final ReceiverWatch watch;
    private RemoteWriteSummary.ReceiverSummary finished;

    private ReceiverSide(ReceiverWatch watch) {
        this.watch = watch;
    }

    static ReceiverSide none() {
        return new ReceiverSide(null);
    }

    static ReceiverSide watch(TssSection t) {
        ReceiverWatch w = new ReceiverWatch(new ReceiverFigures(t.tssWriteUrl(), READ_BOUND));
        w.start();
        return new ReceiverSide(w);
    }

    /** The receiver's figures over the run; null when none was read. Once: the watch stops. */
    synchronized RemoteWriteSummary.ReceiverSummary finish() {
        if (watch == null) {
            return null;
        }
        if (finished == null) {
            ReceiverSummary s = watch.finish();
            finished = s.kind() == null ? null : new RemoteWriteSummary.ReceiverSummary(
                    s.kind().name().toLowerCase(java.util.Locale.ROOT), (int) s.readings(), (int) s.failedReadings(),
                    whole(s.samplesIn()), whole(Double.isNaN(s.peakHeadSeries()) ? s.newSeries() : s.peakHeadSeries()),
                    whole(s.outOfOrder()), whole(Double.isNaN(s.outOfBounds()) ? s.tooOld() : s.outOfBounds()),
                    whole(s.slowInserts()), Double.isNaN(s.cpuSeconds()) ? -1 : s.cpuSeconds(),
                    whole(s.peakResidentBytes()));
        }
        return finished;
    }

    /** A figure the receiver does not expose is -1, not 0. */
    private static long whole(double figure) {
        return Double.isNaN(figure) ? -1 : Math.round(figure);
    }

    @Override
    public void close() {
        if (watch != null) {
            finish();
        }
    }
}
