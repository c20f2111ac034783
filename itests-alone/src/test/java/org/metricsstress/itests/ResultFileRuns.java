package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.StressConfig;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;

/** A run as a user's: its console printed after it, its result read back from the file it wrote, its audit balanced. */
final class ResultFileRuns {
    private ResultFileRuns() {}

    static StressResult run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        StressResult r = ResultJson.read(config.outputs().resultJson());
        assertTrue(r.auditBalances(), "audit: unaccounted " + r.unaccounted());
        return r;
    }
}
