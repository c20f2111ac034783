package org.metricsstress.analysis;

import org.metricsstress.result.NodeTelemetry;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.metricsstress.result.NodeTelemetry.Pool;
import org.metricsstress.result.NodeTelemetry.Reading;

/**
 * One node's readings over a stretch of the run, reduced to what a verdict weighs: how often it
 * answered, how far each stage of its write path queued, its compactions and hints, its own write
 * latency, GC and CPU. Figures a node did not give (no JMX) are -1.
 *
 * @param node              "host:port"
 * @param dc                its data centre
 * @param readings          readings in the stretch
 * @param answered          of which it answered within the bound
 * @param mutationLimit     MutationStage's thread limit (concurrent_writes), the largest seen
 * @param mutationFullShare the share of answered readings with every MutationStage thread busy
 * @param mutationPending   the most MutationStage tasks queued at a reading
 * @param mutationBlocked   MutationStage tasks blocked over the stretch
 * @param transportPending  the most native-transport requests queued at a reading
 * @param transportQueuedShare the share of answered readings with {@code transportQueued} requests queued or more
 * @param transportBlocked  native-transport requests blocked over the stretch
 * @param flushPending      the most memtable flushes queued (flush writer and post-flush) at a reading
 * @param flushQueuedShare  the share of answered readings with {@code flushQueued} flushes queued or more
 * @param flushBlocked      flushes blocked over the stretch
 * @param compactionsFirst  compactions pending at the stretch's first answered reading
 * @param compactionsLast   ... at its end: the lesser of its last two answered readings (a burst at one
 *                          reading is no backlog)
 * @param compactionsPeak   ... the most
 * @param hintFilesFirst    hint files held for other nodes at the first answered reading
 * @param hintFilesLast     ... at the last
 * @param localWriteP99Ms   the slowest table's local write p99, the most at a reading
 * @param slowestTable      the table of {@code localWriteP99Ms}
 * @param coordinatorP50Ms  the writes it coordinated, p50, the median of its readings
 * @param gcShare           its collectors' time over the stretch's time (-1 without JMX)
 * @param cpuPercent        its process's mean CPU in % of its cores (-1 without JMX)
 * @param droppedMutations  mutations it dropped (-1 without JMX)
 * @param commitLogWaits    writes that waited on its commit log (-1 without JMX)
 * @param writesPerSecond   local writes a second, all the keyspace's tables, mean over its readings
 * @param readMedianMs      how long it took to answer its own figures, the median of the readings it
 *                          answered (a healthy node: milliseconds; a node stopped most of the time: seconds)
 * @param processors        the processors its JVM sees; -1 when not known
 * @param cpuCores          the cores its process used, mean over its readings (-1 without JMX): its
 *                          CPU time, whatever share of a quota that is
 * @param mutationPerSecond MutationStage tasks completed a second over the stretch (-1 with fewer
 *                          than two answered readings): the stage's throughput X
 * @param mutationInStage   MutationStage tasks in the stage (running and queued), mean over its
 *                          answered readings: the stage's N
 * @param cpuBusyShare      the share of its readings that told its CPU with it {@code busyCpu} % busy
 *                          or more: saturation that lasts (-1 without JMX)
 */
public record NodeLoad(String node, String dc, int readings, int answered, long mutationLimit,
        double mutationFullShare, long mutationPending, long mutationBlocked, long transportPending,
        double transportQueuedShare, long transportBlocked, long flushPending, double flushQueuedShare,
        long flushBlocked, long compactionsFirst, long compactionsLast, long compactionsPeak, long hintFilesFirst, long hintFilesLast, double localWriteP99Ms, String slowestTable,
        double coordinatorP50Ms, double gcShare, double cpuPercent, long droppedMutations, long commitLogWaits,
        double writesPerSecond, double readMedianMs, int processors, double cpuCores, double mutationPerSecond,
        double mutationInStage, double cpuBusyShare) {

    /** The node's readings taken within [{@code from}, {@code to}] seconds of the run (inclusive, a little slack). */
    public static NodeLoad of(NodeTelemetry.Node n, double from, double to) {
        return of(n, from, to, Long.MAX_VALUE, Long.MAX_VALUE, ClusterDiagnosis.BUSY_CPU);
    }

    /**
     * ... counting the readings with {@code flushQueued} flushes queued or more, and those with
     * {@code transportQueued} native-transport requests queued or more: a queue that lasts, not a burst.
     */
    public static NodeLoad of(NodeTelemetry.Node n, double from, double to, long flushQueued, long transportQueued,
            double busyCpu) {
        List<Reading> in = n.readings().stream()
                .filter(r -> r.elapsedSeconds() >= from - 0.5 && r.elapsedSeconds() <= to + 0.5).toList();
        List<Reading> ok = in.stream().filter(Reading::answered).toList();
        long limit = 0;
        int full = 0;
        long mPending = 0;
        long mBlocked = 0;
        long tPending = 0;
        int tQueued = 0;
        long tBlocked = 0;
        long fPending = 0;
        int fQueued = 0;
        long fBlocked = 0;
        long cPeak = 0;
        double p99 = 0;
        String slowest = null;
        double gcMs = 0;
        double gcSeconds = 0;
        double cpu = 0;
        int cpuReadings = 0;
        int cpuBusy = 0;
        double cores = 0;
        int coreReadings = 0;
        double completed = 0;
        double completedSeconds = 0;
        double inStage = 0;
        long dropped = -1;
        long waits = -1;
        double writes = 0;
        double[] coordinator = new double[ok.size()];
        double[] readMs = new double[ok.size()];
        double previousAt = ok.isEmpty() ? 0 : Math.max(0, from);
        for (int i = 0; i < ok.size(); i++) {
            Reading r = ok.get(i);
            Pool m = r.pool(NodeTelemetry.MUTATION);
            limit = Math.max(limit, m.limit());
            full += m.full() ? 1 : 0;
            mPending = Math.max(mPending, m.pending());
            mBlocked += m.blockedSince();
            inStage += m.active() + m.pending();
            if (i > 0) {
                // Completed since the reading before it answered: within the stretch from the second on.
                completed += m.completedSince();
                completedSeconds += r.elapsedSeconds() - ok.get(i - 1).elapsedSeconds();
            }
            Pool t = r.pool(NodeTelemetry.NATIVE_TRANSPORT);
            tPending = Math.max(tPending, t.pending());
            tQueued += t.pending() >= transportQueued ? 1 : 0;
            tBlocked += t.blockedSince();
            Pool f = r.pool(NodeTelemetry.FLUSH);
            Pool pf = r.pool(NodeTelemetry.POST_FLUSH);
            fPending = Math.max(fPending, f.pending() + pf.pending());
            fQueued += f.pending() + pf.pending() >= flushQueued ? 1 : 0;
            fBlocked += f.blockedSince() + pf.blockedSince();
            cPeak = Math.max(cPeak, r.compactionsPending());
            for (Map.Entry<String, NodeTelemetry.TableWrites> e : new TreeMap<>(r.tables()).entrySet()) {
                if (e.getValue().localPerSecond() > 0 && e.getValue().localP99Ms() > p99) {
                    p99 = e.getValue().localP99Ms();
                    slowest = e.getKey();
                }
                writes += e.getValue().localPerSecond();
            }
            coordinator[i] = r.coordinatorWriteP50Ms();
            readMs[i] = r.readMs();
            if (r.gcMs() >= 0) {
                gcMs += r.gcMs();
                gcSeconds += Math.max(0, r.elapsedSeconds() - previousAt);
            }
            if (r.cpuPercent() >= 0) {
                cpu += r.cpuPercent();
                cpuReadings++;
                cpuBusy += r.cpuPercent() >= busyCpu ? 1 : 0;
            }
            if (r.cpuCores() >= 0) {
                cores += r.cpuCores();
                coreReadings++;
            }
            if (r.droppedMutations() >= 0) {
                dropped = Math.max(0, dropped) + r.droppedMutations();
            }
            if (r.commitLogWaits() >= 0) {
                waits = Math.max(0, waits) + r.commitLogWaits();
            }
            previousAt = r.elapsedSeconds();
        }
        java.util.Arrays.sort(coordinator);
        java.util.Arrays.sort(readMs);
        Reading first = ok.isEmpty() ? null : ok.get(0);
        Reading last = ok.isEmpty() ? null : ok.get(ok.size() - 1);
        return new NodeLoad(n.node(), n.dc(), in.size(), ok.size(), limit,
                ok.isEmpty() ? 0 : (double) full / ok.size(), mPending, mBlocked, tPending,
                ok.isEmpty() ? 0 : (double) tQueued / ok.size(), tBlocked, fPending,
                ok.isEmpty() ? 0 : (double) fQueued / ok.size(), fBlocked,
                first == null ? 0 : Math.max(0, first.compactionsPending()),
                heldAtTheEnd(ok), cPeak,
                first == null ? 0 : Math.max(0, first.hintFiles()), last == null ? 0 : Math.max(0, last.hintFiles()),
                p99, slowest, coordinator.length == 0 ? 0 : coordinator[coordinator.length / 2],
                gcSeconds > 0 ? gcMs / 1000 / gcSeconds : -1, cpuReadings > 0 ? cpu / cpuReadings : -1, dropped, waits,
                ok.isEmpty() ? 0 : writes / ok.size(), readMs.length == 0 ? -1 : readMs[readMs.length / 2],
                n.processors(), coreReadings > 0 ? cores / coreReadings : -1,
                completedSeconds > 0 ? completed / completedSeconds : -1, ok.isEmpty() ? 0 : inStage / ok.size(),
                cpuReadings > 0 ? (double) cpuBusy / cpuReadings : -1);
    }

    /**
     * Compactions pending at the stretch's end, the lesser of its last two answered readings: a
     * backlog that lasts, not a burst. On the suite's shared node a starved client's stretch ended
     * on a reading of 287 pending between readings of 0 (tasks queued at a flush and run at once),
     * and the run was named "compaction is behind" though the whole run's last reading was 0.
     */
    static long heldAtTheEnd(List<Reading> answered) {
        if (answered.isEmpty()) {
            return 0;
        }
        long last = Math.max(0, answered.get(answered.size() - 1).compactionsPending());
        return answered.size() < 2 ? last
                : Math.min(last, Math.max(0, answered.get(answered.size() - 2).compactionsPending()));
    }

    /** The host alone. */
    public String host() {
        int colon = node.lastIndexOf(':');
        return colon > 0 ? node.substring(0, colon) : node;
    }

    /**
     * The cores its process used: measured where the node told it, else its CPU share of its
     * processors (a result written before the cores were kept); -1 when neither is known.
     */
    public double coresUsed() {
        if (cpuCores >= 0) {
            return cpuCores;
        }
        return cpuPercent < 0 || processors <= 0 ? -1 : cpuPercent / 100 * processors;
    }

    /**
     * How long a write spent in the mutation stage, queued and running, by Little's law R = N / X;
     * -1 when its throughput was not measured.
     */
    public double mutationStageMs() {
        return mutationPerSecond > 0 ? 1000 * mutationInStage / mutationPerSecond : -1;
    }

    /** Its CPU saturated in this share of its readings or more: busy that lasts, not a burst. */
    public boolean cpuBusy(double share) {
        return cpuBusyShare >= share;
    }

    /** The share of readings the node answered in time; 1 with no readings. */
    public double answeredShare() {
        return readings == 0 ? 1 : (double) answered / readings;
    }
}
