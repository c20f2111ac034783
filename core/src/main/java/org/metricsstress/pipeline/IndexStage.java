package org.metricsstress.pipeline;

import java.util.concurrent.CountDownLatch;
import org.metricsstress.metrics.StressMetrics;

/**
 * A lane's index stage: hands every commit to the index handler after the sample stage is done with
 * it. Its failures are index failures; the samples were accounted for by then.
 */
final class IndexStage extends LaneStage {
    IndexStage(GroupCommitHandler handler, StressMetrics metrics, CountDownLatch started) {
        super(handler, metrics, started);
    }

    @Override
    public void onEvent(GroupCommit commit, long sequence, boolean endOfBatch) {
        if (abandon) {
            return; // the run is over: a resource not indexed yet stays unindexed, as it is counted
        }
        try {
            handler.write(commit);
            if (endOfBatch) {
                handler.endOfBatch();
            }
        } catch (RuntimeException | Error e) {
            metrics.indexStageFailed();
        }
    }
}
