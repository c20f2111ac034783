package org.metricsstress.pipeline;

/**
 * A stage after the ring, one per lane and thread: the sample stage (which makes sure each sample
 * of a commit is, sooner or later, reported as written or failed) or the index stage behind it.
 * A handler may keep thread-confined scratch state.
 *
 * <p>{@link #write} must copy what it needs from the slot before returning: the slot is reused as
 * soon as it returns. It may block (to bound the requests in flight); that is how backpressure
 * reaches the ring.
 */
public interface GroupCommitHandler {
    void write(GroupCommit commit);

    /**
     * The writer has taken every commit that was waiting in its lane: a handler that holds commits
     * back to fill a request sends what it holds now, so no commit waits for one that may never come.
     */
    default void endOfBatch() {
    }

    /** Makes one handler per lane. */
    interface Factory {
        GroupCommitHandler newHandler();
    }
}
