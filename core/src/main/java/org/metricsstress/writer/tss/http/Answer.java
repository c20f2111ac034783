package org.metricsstress.writer.tss.http;

/**
 * How one request ended, with the caller's own context handed back, so the listener can account
 * for the group without a lookup: its resource, its samples and when it was intended.
 *
 * @param resourceKey the caller's resource key, as given to {@code submit}
 * @param samples the samples the request carried, as given to {@code submit}
 * @param intendedNanos the caller's intended time (System.nanoTime clock), as given to {@code submit}
 * @param answerClass what became of it
 * @param status the HTTP status, 0 when no answer came
 * @param submittedNanos when the client took the request (after the bulkhead's permit)
 * @param sentNanos when it was put on the wire; 0 if it never was (settled while queued)
 * @param answeredNanos when it was settled
 * @param why for anything but WRITTEN: the first 200 chars of the answer's body (Prometheus says
 *     why it refused: "out of order sample", "out of bounds"), or what went wrong; else ""
 */
public record Answer(int resourceKey, int samples, long intendedNanos, AnswerClass answerClass, int status,
        long submittedNanos, long sentNanos, long answeredNanos, String why) {
    /** At most this many chars of a body are kept in {@link #why()}. */
    public static final int WHY_CHARS = 200;

    public boolean written() {
        return answerClass == AnswerClass.WRITTEN;
    }

    static String cut(String text) {
        String s = text == null ? "" : text.strip();
        return s.length() > WHY_CHARS ? s.substring(0, WHY_CHARS) : s;
    }
}
