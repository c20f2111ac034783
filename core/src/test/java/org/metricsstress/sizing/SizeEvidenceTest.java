package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SizeEvidenceTest {
    @TempDir
    Path dir;

    private Path findMax(String name, int clusterNodes, String replication, String answer) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, "{\"schemaVersion\":1,\"tool\":\"metrics-stress\",\"command\":\"find-max\",\"steps\":[{\"result\":"
                + "{\"cluster\":{\"nodes\":" + clusterNodes + ",\"replication\":" + replication + "}}}],\"answer\":" + answer + "}");
        return f;
    }

    @Test
    void aFindMaxFileIsAPointAtItsNodesPerDc() throws Exception {
        Path f = findMax("fm.json", 6, "{\"class\":\"NetworkTopologyStrategy\",\"dc1\":3,\"dc2\":3}",
                "{\"conclusion\":\"found\",\"highestSustainableSamplesPerSecond\":42000}");
        SizeEvidence e = SizeEvidence.read(List.of(f), List.of());
        assertEquals(List.of(new ScalePoint(3, 42000, f.toString())), e.points());
        assertNull(e.disk());
        assertNull(e.coldStart());
    }

    @Test
    void aFindMaxWhoseHighestRatePassedIsALowerBound() throws Exception {
        Path f = findMax("fm8.json", 8, "{\"dc1\":8}",
                "{\"conclusion\":\"at-least-max-rate\",\"highestSustainableSamplesPerSecond\":27000}");
        SizeEvidence e = SizeEvidence.read(List.of(f), List.of());
        assertEquals(List.of(new ScalePoint(8, 27000, f.toString(), true)), e.points());
        assertTrue(e.notes().get(0).contains("a lower bound, not fitted as a measurement"), e.notes().toString());
    }

    @Test
    void aTypedRateAfterGreaterOrEqualIsALowerBound() {
        assertEquals(List.of(new ScalePoint(4, 21_000, "--points"), new ScalePoint(8, 27_000, "--points", true)),
                SizeEvidence.parsePoints("--points", "4:21000, 8:>=27k"));
        assertThrows(IllegalArgumentException.class, () -> SizeEvidence.parsePoints("--points", "8:>27000"));
        assertThrows(IllegalArgumentException.class, () -> SizeEvidence.parsePoints("--points", "8:>=0"));
    }

    @Test
    void aFindMaxWithoutAnAnswerIsOneLine() throws Exception {
        Path f = findMax("none.json", 1, "{\"dc1\":1}", "{\"conclusion\":\"none-passed\"}");
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> SizeEvidence.read(List.of(f), List.of()));
        assertTrue(x.getMessage().contains("without a sustainable rate"), x.getMessage());
    }

    @Test
    void aFileAndATypedPointAtOneSizeAreRefused() throws Exception {
        Path f = findMax("fm.json", 2, "{\"dc1\":2}", "{\"highestSustainableSamplesPerSecond\":20000}");
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> SizeEvidence.read(List.of(f), SizeEvidence.parsePoints("--points", "2:21000")));
        assertTrue(x.getMessage().startsWith("two throughput points at 2 node(s) per DC"), x.getMessage());
    }

    @Test
    void typedPointsTakeThousandsAndMillions() {
        assertEquals(List.of(new ScalePoint(4, 52_000, "--points"), new ScalePoint(16, 1_100_000, "--points")),
                SizeEvidence.parsePoints("--points", "4:52k, 16:1.1M"));
        assertThrows(IllegalArgumentException.class, () -> SizeEvidence.parsePoints("--points", "4:0"));
        assertThrows(IllegalArgumentException.class, () -> SizeEvidence.parsePoints("--points", "0:100"));
    }
}
