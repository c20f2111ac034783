package org.metricsstress.writer.opennms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The drain's settle bound covers one event's worst case: every chunk's sample request and index update timing out. */
class OpenNmsWriterSettleTest {
    @Test
    void aWorkerGetsATimeoutPerChunkForItsSamplesAndOnePerChunkForItsIndexUpdate() {
        // -a 50 at OpenNMS's batches of 16: 4 chunks, each a sample request and an index update of 10 s.
        assertEquals(4 * 2 * 10_000 + 2_000, OpenNmsWriter.settleMillis(50, 16, Duration.ofSeconds(10)));
        // Before, 2 x timeout + 2 s (22 s) for any shape: three of those four chunks were not waited for.
        assertEquals(2 * 10_000 + 2_000, OpenNmsWriter.settleMillis(10, 16, Duration.ofSeconds(10)));
        assertEquals(15_000, OpenNmsWriter.settleMillis(10, 16, Duration.ofSeconds(2)), "at least 15 s");
    }
}
