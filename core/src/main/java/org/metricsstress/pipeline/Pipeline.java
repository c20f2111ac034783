package org.metricsstress.pipeline;

import java.time.Duration;

/**
 * Everything between the generators and the cluster, as one object that owns its life: the ring,
 * the writers and their index work. The engine builds one (a writer model), starts its generators
 * against its {@link #ring()}, and at the end {@link #drain drains} it, or {@link #abort aborts} it
 * when something threw. Either way every sample it took ends as written or failed, once.
 */
public interface Pipeline extends AutoCloseable {
    /** Where generators publish group commits. */
    Ring ring();

    /** Sample write requests in flight now. */
    int inFlightRequests();

    /** One line for the run's header: which writer model, and its shape. */
    String describe();

    /**
     * Lets the ring and every request in flight finish within {@code timeout}. What has not finished
     * by then is abandoned and counted as failed; requests already sent are given
     * {@code requestTimeout} more to settle, so each is counted once.
     *
     * @return true when everything finished in time
     */
    boolean drain(Duration timeout, Duration requestTimeout) throws InterruptedException;

    /**
     * Something threw mid-run: send nothing more, count what is left as abandoned, and stop every
     * thread of the pipeline (bounded: a thread stuck in the driver is left behind, a daemon).
     */
    void abort();

    /** Releases what the pipeline holds besides its ring (control threads). Idempotent. */
    @Override
    void close();
}
