package org.metricsstress.pipeline;

/**
 * The stage after the ring: takes a group commit and makes sure each of its samples is, sooner or
 * later, reported as written or failed to the metrics. One sink per writer thread, so a sink may
 * keep thread-confined scratch state.
 *
 * <p>{@link #write} must copy what it needs from the slot before returning: the slot is reused as
 * soon as it returns. It may block (to bound the requests in flight); that is how backpressure
 * reaches the ring.
 */
public interface GroupCommitSink {
    void write(GroupCommit commit);

    /**
     * The writer has taken every commit that was waiting in its lane: a sink that holds commits
     * back to fill a request sends what it holds now, so no commit waits for one that may never come.
     */
    default void endOfBatch() {
    }

    /** Makes one sink per writer thread. */
    interface Factory {
        GroupCommitSink newSink();

        /** Each writer thread hands a commit to this stage's sink, then to {@code next}'s. */
        default Factory andThen(Factory next) {
            return () -> {
                GroupCommitSink first = newSink();
                GroupCommitSink second = next.newSink();
                return new GroupCommitSink() {
                    @Override
                    public void write(GroupCommit c) {
                        first.write(c);
                        second.write(c);
                    }

                    @Override
                    public void endOfBatch() {
                        first.endOfBatch();
                        second.endOfBatch();
                    }
                };
            };
        }
    }
}
