package org.metricsstress.engine;

/**
 * A request to stop a command of several runs (tune, find-max, bench): the run in progress ends
 * its generation and still drains and reports, and no run starts after it. Karaf's Ctrl-C makes
 * one. A flag, not an interrupt of the thread that runs the command: that thread prints to Karaf's
 * terminal, and an interrupt that lands inside such a write leaves the terminal mute (see
 * {@code OneRunAtATime} in the Karaf commands).
 */
public final class StopRequest {
    private volatile boolean requested;
    private volatile StressEngine current;

    /** Asks the run in progress, if any, and every later one, to stop. Idempotent. */
    public void request() {
        requested = true;
        StressEngine running = current;
        if (running != null) {
            running.stop();
        }
    }

    /** True once {@link #request()} was called: start no further run. */
    public boolean requested() {
        return requested;
    }

    /**
     * {@code engine} as the run a request stops; one asked already stops it before it generates.
     * Both sides write their own field before they read the other's, so a request and a watch
     * that cross each still see the other.
     */
    public StressEngine watch(StressEngine engine) {
        current = engine;
        if (requested) {
            engine.stop();
        }
        return engine;
    }
}
