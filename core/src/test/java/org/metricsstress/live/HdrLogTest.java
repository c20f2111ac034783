package org.metricsstress.live;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdrLogTest {
    private static Map<String, Histogram> histograms() {
        Histogram h = new Histogram(3_600_000_000L, 3);
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i);
        }
        return Map.of("response", h);
    }

    @Test
    void aLogOnAFullDiskSaysItFailed() {
        // Linux's /dev/full refuses every write with ENOSPC, as a full disk does.
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "no /dev/full on this system");
        try (HdrLog log = assertDoesNotThrowOpen(Path.of("/dev/full"))) {
            log.interval(null, histograms());
            assertTrue(log.failed(), "a failed write must not pass silently");
        }
    }

    @Test
    void aLogThatWasWrittenHasNotFailed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.hlog");
        try (HdrLog log = new HdrLog(file, System.currentTimeMillis())) {
            log.interval(null, histograms());
            assertFalse(log.failed());
        }
        assertTrue(Files.readString(file).contains("Tag=response"));
    }

    private static HdrLog assertDoesNotThrowOpen(Path path) {
        try {
            return new HdrLog(path, System.currentTimeMillis());
        } catch (java.io.IOException e) {
            throw new AssertionError("opening " + path + " failed: " + e);
        }
    }
}
