package org.metricsstress.result;

import java.util.List;
import java.util.Map;

/**
 * What each node said of itself while the run went on: read every report interval over CQL from
 * its own {@code system_views} (thread pools, compactions, hints, its write latency per table) and,
 * where its JMX answered, GC, CPU, dropped mutations and commit-log waits. The client's figures say
 * how long the cluster took; these say where in the cluster the time went (docs/diagnosis.md).
 *
 * @param source where the figures came from ({@code system_views}, {@code system_views+jmx} where some
 *               node's JMX gave figures), or
 *               why none were read ({@code off}, {@code not available: ...})
 * @param notes  one line each for what could not be read (a node's JMX, a table the node lacks)
 * @param nodes  per node, ordered by data centre and address
 */
public record NodeTelemetry(String source, List<String> notes, List<Node> nodes) {

    public NodeTelemetry {
        notes = notes == null ? List.of() : List.copyOf(notes);
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** A run that read no node's figures, and why. */
    public static NodeTelemetry none(String why) {
        return new NodeTelemetry(why, List.of(), List.of());
    }

    /** Whether any node's figures were read. */
    public boolean read() {
        return !nodes.isEmpty();
    }

    /** The names of the thread pools read, as the node names them. */
    public static final String MUTATION = "MutationStage";
    public static final String NATIVE_TRANSPORT = "Native-Transport-Requests";
    public static final String FLUSH = "MemtableFlushWriter";
    public static final String POST_FLUSH = "MemtablePostFlush";
    public static final String COMPACTION = "CompactionExecutor";
    public static final List<String> POOLS = List.of(MUTATION, NATIVE_TRANSPORT, FLUSH, POST_FLUSH, COMPACTION);

    /**
     * One node's series.
     *
     * @param node     "host:port" as the driver and {@link NodeSummary} name it
     * @param dc       its data centre
     * @param settings the settings that bound its write path ({@code system_views.settings}, the node's
     *                 own spelling: 4.0 and 5.0 differ), read once at the start
     * @param readings one per report interval, in time order
     * @param processors the processors its JVM sees (JMX); -1 when not known
     */
    public record Node(String node, String dc, Map<String, String> settings, List<Reading> readings, int processors) {
        public Node {
            settings = settings == null ? Map.of() : Map.copyOf(settings);
            readings = readings == null ? List.of() : List.copyOf(readings);
        }

        /** The host alone, as an operator names the node. */
        public String host() {
            int colon = node.lastIndexOf(':');
            return colon > 0 ? node.substring(0, colon) : node;
        }

        /** The node's own value of a setting, by the first of {@code names} it has (5.0's, then 4.0's); null when none. */
        public String setting(String... names) {
            for (String n : names) {
                if (settings.containsKey(n)) {
                    return settings.get(n);
                }
            }
            return null;
        }

        /** The name of the first of {@code names} the node has, or the first of them. */
        public String settingName(String... names) {
            for (String n : names) {
                if (settings.containsKey(n)) {
                    return n;
                }
            }
            return names[0];
        }
    }

    /**
     * What one node said at one report line. Counters are the change since the reading before
     * (the first reading of a run is taken at its start, so the first interval has deltas too).
     *
     * @param elapsedSeconds     when, from the start of generation
     * @param problem            null when the node answered within the interval's bound; else why not
     *                           (a stopped or overloaded node cannot answer its own telemetry: that
     *                           is evidence too)
     * @param readMs             how long the node took to answer this reading (its slowest table); a
     *                           healthy node answers in milliseconds
     * @param pools              per thread pool of {@link #POOLS} the node has
     * @param compactionsPending compactions waiting (JMX's Compaction PendingTasks where it answered,
     *                           else the CompactionExecutor's pending tasks)
     * @param hintFiles          hint files the node holds for other nodes ({@code pending_hints})
     * @param tables             the run's keyspace, per table: its local writes and the writes it
     *                           coordinated
     * @param gcMs               time its collectors reported over the interval; -1 without JMX
     * @param cpuPercent         its process's CPU over the interval, in % of what it may use (the JVM's
     *                           own ProcessCpuLoad: of its cgroup quota where it started in one, else of
     *                           its cores); -1 without JMX
     * @param droppedMutations   mutations it dropped (timed out in its queue) over the interval; -1
     *                           without JMX
     * @param commitLogWaits     writes that waited on the commit log (segment allocation or sync) over
     *                           the interval; -1 without JMX
     * @param hintFilesFor       of {@code hintFiles}, those for each node, by its address ({@code
     *                           pending_hints.address}): which node the hints wait for; empty in
     *                           results written before it was read
     * @param cpuCores           the cores its process used over the interval (its CPU time over the
     *                           time); -1 without JMX
     */
    public record Reading(double elapsedSeconds, String problem, double readMs, Map<String, Pool> pools,
            long compactionsPending, long hintFiles, Map<String, TableWrites> tables, double gcMs, double cpuPercent,
            long droppedMutations, long commitLogWaits, Map<String, Long> hintFilesFor, double cpuCores) {

        public Reading {
            pools = pools == null ? Map.of() : Map.copyOf(pools);
            tables = tables == null ? Map.of() : Map.copyOf(tables);
            hintFilesFor = hintFilesFor == null ? Map.of() : Map.copyOf(hintFilesFor);
        }

        /** A reading without the hints' targets (a disk reading, a test's). */
        public Reading(double elapsedSeconds, String problem, double readMs, Map<String, Pool> pools,
                long compactionsPending, long hintFiles, Map<String, TableWrites> tables,
                double gcMs, double cpuPercent, long droppedMutations, long commitLogWaits) {
            this(elapsedSeconds, problem, readMs, pools, compactionsPending, hintFiles, tables, gcMs,
                    cpuPercent, droppedMutations, commitLogWaits, Map.of(), -1);
        }

        /** A node that did not answer in time, or at all. */
        public static Reading unanswered(double elapsedSeconds, String problem) {
            return new Reading(elapsedSeconds, problem, -1, Map.of(), -1, -1, Map.of(), -1, -1, -1, -1);
        }

        public boolean answered() {
            return problem == null;
        }

        /** Whether the node's JMX gave any of this reading's figures. */
        public boolean jmxAnswered() {
            return gcMs >= 0 || cpuPercent >= 0 || droppedMutations >= 0 || commitLogWaits >= 0;
        }

        /** The pool, or {@link Pool#NONE} when the node did not report it. */
        public Pool pool(String name) {
            return pools.getOrDefault(name, Pool.NONE);
        }

        /** The slowest table's local write p99 in this reading; 0 when none wrote. */
        public double localWriteP99Ms() {
            return tables.values().stream().mapToDouble(TableWrites::localP99Ms).max().orElse(0);
        }

        /** The slowest table's coordinated write p50; 0 when none. */
        public double coordinatorWriteP50Ms() {
            return tables.values().stream().filter(t -> t.coordinatedPerSecond() > 0)
                    .mapToDouble(TableWrites::coordinatorP50Ms).max().orElse(0);
        }
    }

    /**
     * A thread pool at one reading.
     *
     * @param active    tasks running
     * @param limit     the most that may run at once (for MutationStage: concurrent_writes)
     * @param pending   tasks queued
     * @param blocked   tasks blocked now (a full queue refused them)
     * @param blockedSince tasks blocked since the reading before
     * @param completedSince tasks completed since the reading before
     */
    public record Pool(long active, long limit, long pending, long blocked, long blockedSince, long completedSince) {
        public static final Pool NONE = new Pool(0, 0, 0, 0, 0, 0);

        /** Every thread of the pool busy. */
        public boolean full() {
            return limit > 0 && active >= limit;
        }
    }

    /**
     * One table's writes on one node over an interval: the node's own (local: the write into its
     * commit log and memtable, no network) and those it coordinated (the request's whole time on the
     * node, replicas' waits included, the client's network not).
     *
     * @param localPerSecond       local writes a second over the interval
     * @param localP50Ms           the node's recent local write latency, p50 (its own decaying histogram)
     * @param localP99Ms           ... p99
     * @param coordinatedPerSecond writes it coordinated a second
     * @param coordinatorP50Ms     their latency on the node, p50
     * @param coordinatorP99Ms     ... p99
     */
    public record TableWrites(double localPerSecond, double localP50Ms, double localP99Ms, double coordinatedPerSecond,
            double coordinatorP50Ms, double coordinatorP99Ms) {}
}
