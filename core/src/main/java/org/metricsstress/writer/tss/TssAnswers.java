package org.metricsstress.writer.tss;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.writer.tss.http.Answer;
import org.metricsstress.writer.tss.http.AnswerClass;
import org.metricsstress.writer.tss.http.AnswerListener;

/**
 * Settles each request as the receiver answered it: its samples written (2xx, all of them: the
 * receiver took the whole request) or failed by class, its service time (sent to answered) and
 * its group's response time from the group's intended time (coordinated-omission correct); and
 * counts the answers by status for the path's figures.
 */
final class TssAnswers implements AnswerListener {
    /** Statuses 0..599 by code; a timeout and an I/O failure have no status and their own slots. */
    private static final int TIMEOUT_SLOT = 600;
    private static final int IO_SLOT = 601;

    private final StressMetrics metrics;
    private final AtomicLongArray byStatus = new AtomicLongArray(602);
    private volatile String firstRefusal;
    /** Every request's time on the wire, summed: over the run's length, the mean in flight (Little's law). */
    private final java.util.concurrent.atomic.LongAdder wireNanos = new java.util.concurrent.atomic.LongAdder();

    TssAnswers(StressMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void settled(Answer a) {
        long now = a.answeredNanos();
        if (a.written()) {
            metrics.written(a.samples());
            byStatus.incrementAndGet(Math.min(599, Math.max(0, a.status())));
        } else {
            ErrorClass cause = classOf(a.answerClass());
            metrics.failed(a.resourceKey(), a.samples(), cause);
            byStatus.incrementAndGet(slotOf(a));
            if (!metrics.hasFirstFailure(cause)) {
                metrics.firstFailure(cause, describe(a));
            }
            if (firstRefusal == null && (a.answerClass() == AnswerClass.REFUSED || a.answerClass() == AnswerClass.THROTTLED)) {
                firstRefusal = describe(a);
            }
        }
        if (a.sentNanos() > 0) {
            metrics.service().recordNanos(now - a.sentNanos());
            wireNanos.add(now - a.sentNanos());
        }
        metrics.response().recordNanos(now - a.intendedNanos());
    }

    private static int slotOf(Answer a) {
        return switch (a.answerClass()) {
            case TIMEOUT -> TIMEOUT_SLOT;
            case IO -> IO_SLOT;
            default -> Math.min(599, Math.max(0, a.status()));
        };
    }

    static ErrorClass classOf(AnswerClass c) {
        return switch (c) {
            case WRITTEN -> throw new IllegalArgumentException("a written request has no error class");
            case REFUSED -> ErrorClass.REFUSED;
            case THROTTLED -> ErrorClass.THROTTLED;
            case SERVER_ERROR -> ErrorClass.SERVER_ERROR;
            case TIMEOUT -> ErrorClass.TIMEOUT;
            case IO -> ErrorClass.IO;
        };
    }

    private static String describe(Answer a) {
        String status = a.status() > 0 ? "HTTP " + a.status() : a.answerClass().name().toLowerCase(java.util.Locale.ROOT);
        return a.why() == null || a.why().isEmpty() ? status : status + ": " + a.why();
    }

    /** Requests by answer: "204", "400", ..., "timeout", "io"; only those that happened. */
    Map<String, Long> byStatus() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int s = 0; s < 600; s++) {
            long n = byStatus.get(s);
            if (n > 0) {
                out.put(String.valueOf(s), n);
            }
        }
        if (byStatus.get(TIMEOUT_SLOT) > 0) {
            out.put("timeout", byStatus.get(TIMEOUT_SLOT));
        }
        if (byStatus.get(IO_SLOT) > 0) {
            out.put("io", byStatus.get(IO_SLOT));
        }
        return out;
    }

    long requests() {
        long n = 0;
        for (int s = 0; s < byStatus.length(); s++) {
            n += byStatus.get(s);
        }
        return n;
    }

    double meanInFlight(double seconds) {
        return seconds <= 0 ? 0 : wireNanos.sum() / 1e9 / seconds;
    }

    /** The receiver's words on the first request it refused (4xx, 429), or null. */
    String firstRefusal() {
        return firstRefusal;
    }
}
