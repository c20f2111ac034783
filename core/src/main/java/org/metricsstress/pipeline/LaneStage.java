package org.metricsstress.pipeline;

import com.lmax.disruptor.EventHandler;
import java.util.concurrent.CountDownLatch;
import org.metricsstress.metrics.StressMetrics;

/** What both stages of a lane have: a handler of their own, the metrics, and the end-of-run switch. */
abstract class LaneStage implements EventHandler<GroupCommit> {
    final GroupCommitHandler handler;
    final StressMetrics metrics;
    private final CountDownLatch started;
    volatile boolean abandon;

    LaneStage(GroupCommitHandler handler, StressMetrics metrics, CountDownLatch started) {
        this.handler = handler;
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
