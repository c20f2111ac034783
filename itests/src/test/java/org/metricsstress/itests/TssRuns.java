package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * What the TSS path's integration tests share: a small plan of {@code --writer tss} into a
 * receiver, a run through {@link StressRun} with its console kept for the test's output, the
 * result JSON as written, the receiver's own count of the samples it stored (read from its
 * /metrics by the test, not through the run's figures), and the machine's load average, which the
 * acceptance classes print beside each verdict.
 */
final class TssRuns {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    /** VictoriaMetrics' /metrics lags its inserts by up to a second (1.79.5): a count is final once quiet this long. */
    private static final Duration QUIET = Duration.ofMillis(1500);
    private static final Duration SETTLE_BOUND = Duration.ofSeconds(10);

    private TssRuns() {}

    /** 20 nodes x 10 interfaces x 5 groups x 10 attributes, every 10 s, into {@code writeUrl}. */
    static StressConfig.Builder plan(URI writeUrl) {
        return StressConfig.builder().writer(Writer.TSS).tssWriteUrl(writeUrl).nodes(20).interfaces(10).groups(5)
                .attributes(10).strings(0).interval(Duration.ofSeconds(10)).reportInterval(Duration.ofSeconds(2));
    }

    /** Runs it, the console printed to the test's output; the outcome. */
    static Outcome run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome o = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        return o;
    }

    static JsonNode json(Path file) throws IOException {
        return JSON.readTree(Files.readString(file));
    }

    /** The one path of a single-writer run, checked to be alone. */
    static WriterPath onlyPath(StressResult r) {
        assertNotNull(r.writers(), "the result has a writers array");
        assertEquals(1, r.writers().size(), r.writers().toString());
        return r.writers().get(0);
    }

    /** answersByStatus of the JSON's remoteWrite, summed. */
    static long answersSum(JsonNode remoteWrite) {
        long sum = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = remoteWrite.get("answersByStatus").fields(); it.hasNext();) {
            sum += it.next().getValue().asLong();
        }
        return sum;
    }

    /**
     * Samples the receiver says it stored, from its own /metrics: Prometheus' head samples appended,
     * VictoriaMetrics' rows inserted by remote write. VictoriaMetrics counts after it answers, so the
     * figure is read until it has not moved for {@link #QUIET} (within {@link #SETTLE_BOUND}).
     */
    static long samplesStored(LocalTsdb tsdb) throws Exception {
        URI metrics = URI.create("http://127.0.0.1:" + tsdb.writeUrl().getPort() + "/metrics");
        Pattern line = tsdb.kind() == LocalTsdb.Kind.PROMETHEUS
                ? Pattern.compile("(?m)^prometheus_tsdb_head_samples_appended_total(?:\\{[^}]*})? (\\S+)$")
                : Pattern.compile("(?m)^vm_rows_inserted_total\\{type=\"promremotewrite\"} (\\S+)$");
        long seen = read(metrics, line);
        long deadline = System.nanoTime() + SETTLE_BOUND.toNanos();
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < QUIET.toNanos() && System.nanoTime() < deadline) {
            Thread.sleep(250);
            long now = read(metrics, line);
            if (now != seen) {
                seen = now;
                quietSince = System.nanoTime();
            }
        }
        return seen;
    }

    private static long read(URI metrics, Pattern line) throws Exception {
        String page = HTTP.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        long sum = 0;
        Matcher m = line.matcher(page);
        while (m.find()) {
            sum += (long) Double.parseDouble(m.group(1));
        }
        return sum; // a counter not yet shown counts 0: nothing stored
    }

    /** The machine's load averages (1, 5, 15 min), as the acceptance classes print them beside a verdict. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return "load average " + f[0] + " " + f[1] + " " + f[2] + " on " + Runtime.getRuntime().availableProcessors()
                    + " cores";
        } catch (IOException e) {
            return "load average unknown (" + e.getMessage() + ")";
        }
    }
}
