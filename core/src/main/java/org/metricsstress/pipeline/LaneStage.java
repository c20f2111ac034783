package org.metricsstress.pipeline;

import com.lmax.disruptor.EventHandler;
import java.util.concurrent.CountDownLatch;
import org.metricsstress.metrics.StressMetrics;

/** What both stages of a lane have: a sink of their own, the metrics, and the end-of-run switch. */
abstract class LaneStage implements EventHandler<GroupCommit> {
    final GroupCommitSink sink;
    final StressMetrics metrics;
    private final CountDownLatch started;
    volatile boolean abandon;

    LaneStage(GroupCommitSink sink, StressMetrics metrics, CountDownLatch started) {
        this.sink = sink;
        this.metrics = metrics;
        this.started = started;
    }

    @Override
    public void onStart() {
        started.countDown();
    }

    void abandon() {
        abandon = true;
    }
}
