package org.metricsstress.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.metricsstress.report.ResultJson;

/** The bench's table on the console and its JSON file. */
public final class BenchReport {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private BenchReport() {}

    public static void print(BenchResult r, PrintStream out) {
        out.println();
        // Client-only phases have no ceiling: their ratio is to the field shape's own rate.
        boolean clientOnly = "null".equals(r.setup().get("sink"));
        out.printf(Locale.ROOT, "%-24s %10s %7s %13s %7s %10s %10s %11s %9s %8s %8s %9s %8s %10s%n", "phase",
                "samples/s", clientOnly ? "x shape" : "x ceil", "samples/CPU-s", "x ceil", "client us", "node us", "index rows", "p99 ms", "lost",
                "reads/s", "read p99", "B/sample", "indexed s");
        for (BenchPhase p : r.phases()) {
            out.printf(Locale.ROOT, "%-24s %,10.0f %7.2f %,13.0f %7.2f %10.2f %10s %,11d %9.1f %,8d %8s %9s %8s %10s%n",
                    p.name(), p.samplesPerSecond(), p.ratioToCeiling(), p.samplesPerClientCpuSecond(),
                    p.cpuRatioToCeiling(), p.clientCpuMicrosPerSample(), optional(p.nodeCpuMicrosPerSample(), "%.2f"),
                    p.indexRowsWritten(), p.serviceP99Millis(), p.failed() + p.dropped(),
                    optional(p.readsPerSecond(), "%,.0f"), optional(p.readServiceP99Millis(), "%.1f"),
                    optional(p.bytesSentPerSample(), "%.1f"), indexed(p));
        }
        for (BenchPhase p : r.phases()) {
            if (!p.failedByClass().isEmpty()) {
                out.println(p.name() + ": failed samples by cause " + p.failedByClass());
            }
        }
        out.println((clientOnly ? "x shape: ratio to the field shape's own rate (50,000 or 100,000 samples/s);"
                + " nothing was sent (--sink null), so B/sample is the encoded frames'; " : "")
                + "x ceil: ratio to the mean of the two ceiling phases; client/node us: CPU microseconds per sample"
                + " written (whole process); p99: request service time; lost: failed + dropped samples; reads/s, read p99:"
                + " range reads flat out beside ingest at half the ceiling (mixed), answered per second and their"
                + " service time; B/sample: bytes sent on the wire per sample (index rows included); indexed s: a cold"
                + " phase's time until every resource was indexed / the least it could take on this node"
                + " ((index rows + samples meanwhile) / the ceiling's rate)");
        out.printf(Locale.ROOT, "heap: %.1f bytes per buffered sample, %.1f bytes per cached resource"
                        + " (plan's values; %.1f with every value distinct)%n",
                r.memory().get("heapBytesPerBufferedSample"), r.memory().get("heapBytesPerCachedResource"),
                r.memory().get("heapBytesPerCachedResourceDistinctValues"));
        if (r.findings() != null) {
            r.findings().forEach((k, v) -> out.printf(Locale.ROOT, "  %-40s %s%n", k,
                    v instanceof Double d ? String.format(Locale.ROOT, "%.2f", d) : v));
        }
    }

    private static String optional(double v, String format) {
        return v < 0 ? "-" : String.format(Locale.ROOT, format, v);
    }

    private static String indexed(BenchPhase p) {
        if (p.secondsToIndexed() < 0 && p.indexedBoundSeconds() < 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%s/%s", optional(p.secondsToIndexed(), "%.1f"),
                optional(p.indexedBoundSeconds(), "%.1f"));
    }

    public static void write(BenchResult r, Path file) throws IOException {
        ResultJson.writeAtomically(r, file);
    }

    public static BenchResult read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), BenchResult.class);
    }
}
