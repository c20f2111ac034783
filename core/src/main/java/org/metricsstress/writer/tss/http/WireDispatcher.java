package org.metricsstress.writer.tss.http;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * ASYNC mode's dispatcher, as OkHttp's: at most {@code maxOnWire} calls running, the rest queued in
 * the order they came and started as running ones end. Unbounded by itself: the bulkhead in front
 * of it bounds what it can hold. A queued call settled meanwhile (a drain's deadline) is never sent.
 */
final class WireDispatcher {
    private final int maxOnWire;
    private final Consumer<PendingCall> start;
    private final ArrayDeque<PendingCall> waiting = new ArrayDeque<>();
    private int running;
    private boolean closed;

    /** @param start puts a call on the wire; {@link #finished()} must follow when its exchange ends */
    WireDispatcher(int maxOnWire, Consumer<PendingCall> start) {
        this.maxOnWire = maxOnWire;
        this.start = start;
    }

    void enqueue(PendingCall call) {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (running >= maxOnWire) {
                waiting.addLast(call);
                return;
            }
            running++;
        }
        start.accept(call);
    }

    /** A running call's exchange ended: its slot goes to the next queued call still unsettled. */
    void finished() {
        PendingCall next;
        synchronized (this) {
            running--;
            next = closed ? null : nextUnsettled();
            if (next != null) {
                running++;
            }
        }
        if (next != null) {
            start.accept(next);
        }
    }

    private PendingCall nextUnsettled() {
        PendingCall next;
        while ((next = waiting.pollFirst()) != null && next.isSettled()) {
            // settled while it waited: its answer is given, so it takes no slot
        }
        return next;
    }

    /** Forgets the queued calls already settled (a drain's deadline), so {@link #queued()} counts only live ones. */
    synchronized void dropSettled() {
        waiting.removeIf(PendingCall::isSettled);
    }

    synchronized int queued() {
        return waiting.size();
    }

    /** Starts nothing more; the queued calls are forgotten (the client settles them). */
    synchronized void close() {
        closed = true;
        waiting.clear();
    }
}
