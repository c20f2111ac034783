package org.metricsstress.pipeline;

import java.util.concurrent.CountDownLatch;
import org.metricsstress.metrics.StressMetrics;

/**
 * A lane's index stage: hands every commit to the index sink after the sample stage is done with
 * it. Its failures are index failures; the samples were accounted for by then.
 */
final class IndexStage extends LaneStage {
    IndexStage(GroupCommitSink sink, StressMetrics metrics, CountDownLatch started) {
        super(sink, metrics, started);
    }

    @Override
    public void onEvent(GroupCommit commit, long sequence, boolean endOfBatch) {
        if (abandon) {
            return; // the run is over: a resource not indexed yet stays unindexed, as it is counted
        }
        try {
            sink.write(commit);
            if (endOfBatch) {
                sink.endOfBatch();
            }
        } catch (RuntimeException | Error e) {
            metrics.indexStageFailed();
        }
    }
}
