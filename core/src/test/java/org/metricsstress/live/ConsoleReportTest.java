package org.metricsstress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.ResultFixtures;

class ConsoleReportTest {

    @Test
    void consoleRepeatsItsHeaderEveryScreenful() {
        LatencySummary l = new LatencySummary(3, 1, 2, 3, 4, 5, 1.5);
        IntervalStats s = ResultFixtures.interval(10, 10, 100, 100, 100, 0, 0, 100, 100, 0, 0, 5, 0, 2, l, l, l,
                LatencySummary.EMPTY, 12.5, 1 << 20, 1, 2.0, 40, 50.0, 1000);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        ConsoleReport c = new ConsoleReport(new PrintStream(buf, true, StandardCharsets.UTF_8), 60);
        for (int i = 0; i < ConsoleReport.HEADER_EVERY * 2 + 1; i++) {
            c.line(s);
        }
        String[] lines = buf.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(ConsoleReport.HEADER_EVERY * 2 + 1 + 3, lines.length);
        assertEquals(3, Arrays.stream(lines).filter(x -> x.contains("generated/s")).count());
        // The summary's number formats: thousands separated, latencies below 100 ms with two decimals.
        assertTrue(lines[1].contains(" 3.00 ") && lines[1].contains(" 1,000 "), lines[1]);
    }
}
