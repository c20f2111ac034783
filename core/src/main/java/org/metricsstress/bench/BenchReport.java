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
        out.printf(Locale.ROOT, "%-20s %10s %7s %13s %7s %10s %10s %11s %9s %8s %8s %9s%n", "phase", "samples/s",
                "x ceil", "samples/CPU-s", "x ceil", "client us", "node us", "index rows", "p99 ms", "lost", "reads/s",
                "read p99");
        for (BenchPhase p : r.phases()) {
            out.printf(Locale.ROOT, "%-20s %,10.0f %7.2f %,13.0f %7.2f %10.2f %10s %,11d %9.1f %,8d %8s %9s%n", p.name(),
                    p.samplesPerSecond(), p.ratioToCeiling(), p.samplesPerClientCpuSecond(), p.cpuRatioToCeiling(),
                    p.clientCpuMicrosPerSample(),
                    p.nodeCpuMicrosPerSample() < 0 ? "-" : String.format(Locale.ROOT, "%.2f", p.nodeCpuMicrosPerSample()),
                    p.indexRowsWritten(), p.serviceP99Millis(), p.failed() + p.dropped(),
                    p.readsPerSecond() < 0 ? "-" : String.format(Locale.ROOT, "%,.0f", p.readsPerSecond()),
                    p.readServiceP99Millis() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", p.readServiceP99Millis()));
        }
        for (BenchPhase p : r.phases()) {
            if (!p.failedByClass().isEmpty()) {
                out.println(p.name() + ": failed samples by cause " + p.failedByClass());
            }
        }
        out.println("x ceil: ratio to the mean of the two ceiling phases; client/node us: CPU microseconds per sample"
                + " written (whole process); p99: request service time; lost: failed + dropped samples; reads/s, read p99:"
                + " range reads flat out beside ingest at half the ceiling (mixed), answered per second and their"
                + " service time");
        out.printf(Locale.ROOT, "heap: %.1f bytes per buffered sample, %.1f bytes per cached resource"
                        + " (plan's values; %.1f with every value distinct)%n",
                r.memory().get("heapBytesPerBufferedSample"), r.memory().get("heapBytesPerCachedResource"),
                r.memory().get("heapBytesPerCachedResourceDistinctValues"));
    }

    public static void write(BenchResult r, Path file) throws IOException {
        ResultJson.writeAtomically(r, file);
    }

    public static BenchResult read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), BenchResult.class);
    }
}
