package org.metricsstress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class CountsTest {
    @Test
    void aSnapshotHoldsEveryCountAsRecorded() {
        StressMetrics m = new StressMetrics();
        m.generated(10, 2);
        m.generated(10, 2);
        m.generated(10, 0);
        m.written(10);
        m.dropped(10);
        m.failed(4, ErrorClass.TIMEOUT);
        m.unsent(10);
        m.requestSent();
        m.retried();
        m.speculated(3);
        m.offReplica();
        m.ringFull();
        m.indexEventDropped();
        m.indexStageFailed();
        m.sinkFailed();

        Counts c = m.counts();
        assertEquals(30, c.generated());
        assertEquals(10, c.written());
        assertEquals(10, c.dropped());
        assertEquals(4, c.failed());
        assertEquals(4, c.failed(ErrorClass.TIMEOUT));
        assertEquals(0, c.failed(ErrorClass.OTHER));
        assertEquals(6, c.unaccounted(), "30 generated, 24 written, dropped or failed");
        assertEquals(10, c.unsent());
        assertEquals(3, c.groupCommitsGenerated());
        assertEquals(1, c.groupCommitsDropped());
        assertEquals(1, c.groupCommitsUnsent());
        assertEquals(4, c.stringAttributes());
        assertEquals(1, c.writeRequests());
        assertEquals(1, c.retries());
        assertEquals(3, c.speculativeExecutions());
        assertEquals(1, c.offReplica());
        assertEquals(1, c.ringFull());
        assertEquals(1, c.indexEventsDropped());
        assertEquals(1, c.indexStageErrors());
        assertEquals(1, c.sinkErrors());
    }

    @Test
    void aSnapshotDoesNotMoveWithTheCountersAndCannotBeChanged() {
        StressMetrics m = new StressMetrics();
        m.generated(10, 0);
        Counts before = m.counts();
        m.written(10);
        assertEquals(0, before.written());
        assertEquals(10, m.counts().written());
        assertThrows(UnsupportedOperationException.class, () -> before.failedByClass().put(ErrorClass.OTHER, 1L));
    }

    @Test
    void readWhileTheStagesCountNoSnapshotHasMoreOutcomesThanSamplesGenerated() throws Exception {
        StressMetrics m = new StressMetrics();
        AtomicBoolean stop = new AtomicBoolean();
        // A stage that generates a sample and then writes it, as fast as it can.
        Thread stage = new Thread(() -> {
            while (!stop.get()) {
                m.generated(1, 0);
                m.written(1);
            }
        });
        stage.start();
        try {
            for (int i = 0; i < 200_000; i++) {
                Counts c = m.counts();
                assertTrue(c.unaccounted() >= 0, "written " + c.written() + " of " + c.generated() + " generated");
            }
        } finally {
            stop.set(true);
            stage.join();
        }
        assertEquals(0, m.counts().unaccounted());
    }
}
