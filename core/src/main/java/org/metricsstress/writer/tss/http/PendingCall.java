package org.metricsstress.writer.tss.http;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request from submit to its answer. Its answer is given once: the HTTP exchange, a drain's
 * deadline and the client's close may each try to settle it, and whichever comes first wins.
 */
final class PendingCall {
    final byte[] body;
    final int resourceKey;
    final int samples;
    final long intendedNanos;
    final long submittedNanos;
    private volatile long sentNanos;
    private final AtomicBoolean settled = new AtomicBoolean();

    PendingCall(byte[] body, int resourceKey, int samples, long intendedNanos) {
        this.body = body;
        this.resourceKey = resourceKey;
        this.samples = samples;
        this.intendedNanos = intendedNanos;
        this.submittedNanos = System.nanoTime();
    }

    void sent() {
        sentNanos = System.nanoTime();
    }

    boolean isSettled() {
        return settled.get();
    }

    /** The answer, if this is the first to settle the call; else null and the call is left as it was. */
    Answer settle(AnswerClass answerClass, int status, String why) {
        if (!settled.compareAndSet(false, true)) {
            return null;
        }
        return new Answer(resourceKey, samples, intendedNanos, answerClass, status, submittedNanos, sentNanos,
                System.nanoTime(), answerClass == AnswerClass.WRITTEN ? "" : Answer.cut(why));
    }
}
