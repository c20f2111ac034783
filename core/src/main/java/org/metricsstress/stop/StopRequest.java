package org.metricsstress.stop;

/**
 * A request to stop a command of several runs (tune, find-max, bench): the run in progress ends
 * its generation and still drains and reports, and no run starts after it. Karaf's Ctrl-C makes
 * one. A flag, not an interrupt of the thread that runs the command: that thread prints to Karaf's
 * terminal, and an interrupt that lands inside such a write leaves the terminal mute (see
 * {@code OneRunAtATime} in the Karaf commands). It knows a run only by how to stop it, so that the
 * shells, which see none of the engine, can hold it.
 */
public final class StopRequest {
    private volatile boolean requested;
    private volatile Runnable current;

    /** Asks the run in progress, if any, and every later one, to stop. Idempotent. */
    public void request() {
        requested = true;
        Runnable running = current;
        if (running != null) {
            running.run();
        }
    }

    /** True once {@link #request()} was called: start no further run. */
    public boolean requested() {
        return requested;
    }

    /**
     * {@code stopper} (a run's own stop, idempotent) as what a request calls; a request made already
     * calls it at once, so the run stops before it generates. Both sides write their own field
     * before they read the other's, so a request and a watch that cross each still see the other.
     */
    public void watch(Runnable stopper) {
        current = stopper;
        if (requested) {
            stopper.run();
        }
    }
}
