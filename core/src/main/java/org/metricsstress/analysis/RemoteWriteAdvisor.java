package org.metricsstress.analysis;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.result.Advice;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import org.metricsstress.result.WriterPath;

/**
 * What the TSS path's verdict asks to change, in OpenNMS's ({@code org.opennms.timeseries.config.*})
 * and the remote-write plugin's ({@code etc/org.opennms.plugins.tss.prometheus.cfg}) own keys. Each
 * value from a stated model of this run's figures; never a value at or below the current one.
 */
public final class RemoteWriteAdvisor {
    public static final String RING = "org.opennms.timeseries.config.ring_buffer_size";
    public static final String WRITER_THREADS = "org.opennms.timeseries.config.writer_threads";
    public static final String PLUGIN = "org.opennms.plugins.tss.prometheus:";
    public static final String CONNECTIONS = PLUGIN + "maxConcurrentHttpConnections";
    public static final String CACHE = PLUGIN + "externalTagsCacheSize";
    /** Headroom over a Little's-law figure: a pool run at its mean has no room for a burst. */
    static final double HEADROOM = 1.25;

    private RemoteWriteAdvisor() {}

    public static Map<String, Advice> advise(StressResult r, WriterPath path, Verdict v) {
        return advise(RemoteWritePath.of(r, path), v);
    }

    static Map<String, Advice> advise(RemoteWritePath p, Verdict v) {
        Map<String, Advice> out = new LinkedHashMap<>();
        switch (v.kind()) {
            case "STORE_BOUND" -> {
                long current = p.figures().externalTags().cacheSize();
                long wanted = p.series() + (p.series() + 9) / 10; // +10%, rounded up in whole series (no floating error)
                if (wanted > current) {
                    out.put(CACHE, new Advice(CACHE, String.valueOf(wanted), String.valueOf(current),
                            "a series the cache does not hold is read from the key-value store on the writer thread, "
                                    + "every sample", "the plan's series (" + p.series() + ") + 10%", null));
                }
            }
            case "RING_TOO_SMALL" -> {
                long groupsDropped = p.attributes() > 0 ? p.path().dropped() / p.attributes() : 0;
                long wanted = Long.highestOneBit(Math.max(1, p.ringSize() + groupsDropped - 1)) * 2;
                if (wanted > p.ringSize()) {
                    out.put(RING, new Advice(RING, String.valueOf(wanted), String.valueOf(p.ringSize()),
                            "the ring filled in bursts while the writer threads had room",
                            "the next power of two above the ring plus the groups it dropped (" + groupsDropped + ")",
                            "--ring-size"));
                }
            }
            case "RECEIVER_BEHIND" -> receiverBehind(p, out);
            case "WRITER_BOUND" -> {
                if (p.clientCpuShare() < 0 || p.clientCpuShare() < RemoteWriteDiagnosis.SATURATED) {
                    int threads = p.figures().writerThreads();
                    int wanted = (int) Math.ceil(threads * p.writerBusy() * (p.targetPerSecond()
                            / Math.max(1, p.path().written() / Math.max(1e-9, p.seconds()))) * HEADROOM);
                    if (wanted > threads) {
                        out.put(WRITER_THREADS, new Advice(WRITER_THREADS, String.valueOf(wanted),
                                String.valueOf(threads), "the writer threads were busy with their own work",
                                "utilisation law: threads x busy share x target / written rate, with 25% headroom",
                                "--writer-threads"));
                    }
                }
            }
            default -> { }
        }
        return out;
    }

    /**
     * A receiver whose answers are the limit: more connections help only when its CPU has room (more
     * requests on a busy receiver only queue), so connections are advised only where its CPU was seen
     * and had room; otherwise the receiver itself is advised.
     */
    private static void receiverBehind(RemoteWritePath p, Map<String, Advice> out) {
        double receiverCpu = p.receiverCpuShare();
        if (receiverCpu >= 0 && receiverCpu < RemoteWriteDiagnosis.SATURATED && p.figures().bulkheadPermits() > 0) {
            int current = p.figures().maxInFlight();
            double writtenRate = p.path().written() / Math.max(1e-9, p.seconds());
            int wanted = (int) Math.ceil(current * p.wireShare() * p.targetPerSecond() / Math.max(1, writtenRate)
                    * HEADROOM);
            if (wanted > current) {
                out.put(CONNECTIONS, new Advice(CONNECTIONS, String.valueOf(wanted), String.valueOf(current),
                        String.format(Locale.ROOT, "the writer threads waited for the receiver while its CPU was at "
                                + "%.0f%%", 100 * receiverCpu),
                        "Little's law: in flight = rate x service time; the mean in flight x target / written rate, "
                                + "with 25% headroom", null));
            }
            return;
        }
        out.put("receiver", new Advice("receiver", "more capacity", "as run",
                receiverCpu < 0 ? "its answers were the limit and its CPU was not seen (read its /metrics)"
                        : String.format(Locale.ROOT, "its answers were the limit with its CPU at %.0f%%: more "
                                + "connections would only queue", 100 * receiverCpu),
                "the bottleneck is the receiver: scale it out (Mimir, Cortex, a VictoriaMetrics cluster) or up", null));
    }
}
