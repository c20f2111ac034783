package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.function.Supplier;
import org.metricsstress.metrics.CpuThrottling;
import org.metricsstress.metrics.HeapPeak;
import org.metricsstress.metrics.JvmStats;
import org.metricsstress.metrics.MachineCpu;
import org.metricsstress.metrics.ProcessCpu;
import org.metricsstress.result.Distance;
import org.metricsstress.storage.DriverNodeCounters;

/**
 * The client's own counters read as generation is about to start (CPU, bytes on the wire, the
 * driver's retries, GC, the relays that make the DCs' distance), so that the result reports what
 * this run cost and not what the JVM or the session did before it. Taking one resets the heap peak.
 */
final class Baseline {
    private final DriverNodeCounters driver;
    /** Reads the relays that run in this process; null when none do. */
    private final Supplier<Distance.Relays> relayMeter;
    private final long cpuNanos;
    private final MachineCpu.Ticks machine;
    private final Distance.Relays relays;
    private final long sent;
    private final long received;
    private final long driverRetries;
    private final long gcCount;
    private final long gcMillis;
    private final CpuThrottling throttling;
    private final CpuThrottling.Since throttled;

    private Baseline(CqlSession session, Supplier<Distance.Relays> relayMeter) {
        this.driver = new DriverNodeCounters(session);
        this.relayMeter = relayMeter;
        this.cpuNanos = ProcessCpu.nanos();
        this.machine = MachineCpu.now();
        this.relays = relayMeter == null ? null : relayMeter.get();
        this.sent = driver.sent();
        this.received = driver.received();
        this.driverRetries = driver.driverRetries();
        this.gcCount = JvmStats.gcCount();
        this.gcMillis = JvmStats.gcMillis();
        this.throttling = CpuThrottling.ofThisProcess();
        this.throttled = throttling.since();
        HeapPeak.reset();
    }

    static Baseline take(CqlSession session, Supplier<Distance.Relays> relayMeter) {
        return new Baseline(session, relayMeter);
    }

    /** The retries the driver made on its own since the baseline (it retries some requests before we see them). */
    long driverRetries() {
        return driver.driverRetries() - driverRetries;
    }

    /** What the client spent since the baseline. */
    ClientCost since() {
        long cpu = ProcessCpu.between(cpuNanos, ProcessCpu.nanos());
        Distance.Relays relaysSince = relays == null ? null : relayMeter.get().since(relays);
        MachineCpu.Ticks machineNow = MachineCpu.now();
        return new ClientCost(cpu, driver.sent() - sent, driver.received() - received,
                JvmStats.gcCount() - gcCount, JvmStats.gcMillis() - gcMillis, relaysSince,
                machineNow == null ? -1 : machineNow.busyPercentSince(machine),
                Double.isFinite(throttling.quotaCores()) ? throttling.quotaCores() : 0, throttled.throttledPeriodShare());
    }

    /**
     * What a run cost the client: CPU (negative when the JVM cannot say), bytes sent and received,
     * collections and their time, what the relays in this process did (null when none run here), and
     * the whole machine's CPU busy in % of its cores (-1 when unknown), the least CPU quota of this
     * process's cgroups in cores (0: none) and the share of its periods it throttled the process in (-1:
     * no period counted).
     */
    record ClientCost(long cpuNanos, long bytesSent, long bytesReceived, long gcCount, long gcMillis,
            Distance.Relays relays, double machineCpuPercent, double cpuQuotaCores, double throttledPeriodShare) {}
}
