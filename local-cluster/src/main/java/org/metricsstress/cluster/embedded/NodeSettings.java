package org.metricsstress.cluster.embedded;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What one child-JVM node runs with where it differs from its peers ({@code --embedded-node}):
 * each setting null keeps the cluster's own. Each makes a fault the verdict must see through:
 * more tokens a hot node (a larger share of the ring), a small heap GC pressure, a synced commit
 * log a slow disk, fewer concurrent writes a narrowed mutation stage, a CPU quota a node starved
 * of CPU (a pod with a small CPU limit). One initial token places the node on the ring where it is
 * told rather than where it picks, so a control plan's nodes own even shares (every node is a seed and picks
 * its 16 tokens as it starts, all at once: in pass-6 a control's node owned enough more than a third to be
 * the hot one).
 */
public record NodeSettings(Integer numTokens, String heap, CommitLog commitLog, Integer concurrentWrites,
        Integer cpuPercent, Long initialToken) {
    public static final NodeSettings DEFAULT = new NodeSettings(null, null, null, null, null, null);

    /** Every node's token count unless told otherwise: few, for a quick start and an even enough ring. */
    public static final int DEFAULT_NUM_TOKENS = 16;
    /** Cassandra refuses more than this many tokens a node (its own limit in DatabaseDescriptor). */
    public static final int MAX_NUM_TOKENS = 1536;
    /** The smallest heap a node may be given: the initial heap every node starts with. */
    public static final String MIN_HEAP = "256M";
    static final long MIN_HEAP_BYTES = 256L << 20;
    /** A node's CPU quota is a share of one core, as a pod's CPU limit of at most one CPU. */
    public static final int MAX_CPU_PERCENT = 100;

    /**
     * When the node's commit log reaches the disk. Every node of the harness runs {@link #periodic()}
     * with the syncs themselves skipped (the data dies with the node); {@code batch} and {@code group}
     * make every write wait for an fsync (group: of all the writes of one window), as on a node whose
     * commit-log disk is slow.
     */
    public record CommitLog(Sync sync, Duration groupWindow) {
        public enum Sync { PERIODIC, BATCH, GROUP }

        public CommitLog {
            if ((sync == Sync.GROUP) != (groupWindow != null)) {
                throw new IllegalArgumentException("a group window goes with group sync alone: " + sync + " " + groupWindow);
            }
            if (groupWindow != null && (groupWindow.toMillis() < 1 || groupWindow.toNanos() % 1_000_000 != 0)) {
                throw new IllegalArgumentException("group window " + groupWindow + " is not a whole number of milliseconds");
            }
        }

        public static CommitLog periodic() {
            return new CommitLog(Sync.PERIODIC, null);
        }

        public static CommitLog batch() {
            return new CommitLog(Sync.BATCH, null);
        }

        public static CommitLog group(Duration window) {
            return new CommitLog(Sync.GROUP, window);
        }

        /** Whether writes wait for the disk, so the node must really sync (no {@code cassandra.skip_sync}). */
        public boolean syncs() {
            return sync != Sync.PERIODIC;
        }

        String describe() {
            return switch (sync) {
                case PERIODIC -> "commit log periodic";
                case BATCH -> "commit log batch (every write waits for an fsync)";
                case GROUP -> "commit log group, " + groupWindow.toMillis() + " ms window (every write waits for an fsync)";
            };
        }
    }

    public NodeSettings {
        if (numTokens != null && (numTokens < 1 || numTokens > MAX_NUM_TOKENS)) {
            throw new IllegalArgumentException("num_tokens " + numTokens + " is out of range; use 1-" + MAX_NUM_TOKENS);
        }
        if (heap != null) {
            heap = NodeConfig.requireHeap(heap);
            if (NodeConfig.heapBytes(heap) < MIN_HEAP_BYTES) {
                throw new IllegalArgumentException("heap " + heap + " is below the initial heap of every node; use "
                        + MIN_HEAP + " or more");
            }
        }
        if (concurrentWrites != null && concurrentWrites < 1) {
            throw new IllegalArgumentException("concurrent_writes " + concurrentWrites + " must be 1 or more");
        }
        if (cpuPercent != null && (cpuPercent < 1 || cpuPercent > MAX_CPU_PERCENT)) {
            throw new IllegalArgumentException("cpu " + cpuPercent + "% is out of range; use 1% to " + MAX_CPU_PERCENT
                    + "% of one core");
        }
        // Cassandra refuses to start when num_tokens differs from the count of initial tokens.
        if (initialToken != null && numTokens != null && numTokens != 1) {
            throw new IllegalArgumentException("initial_token gives the node one token, so num_tokens " + numTokens
                    + " cannot go with it; drop num_tokens");
        }
    }

    public NodeSettings(Integer numTokens, String heap, CommitLog commitLog, Integer concurrentWrites,
            Integer cpuPercent) {
        this(numTokens, heap, commitLog, concurrentWrites, cpuPercent, null);
    }

    public NodeSettings withNumTokens(int n) {
        return new NodeSettings(n, heap, commitLog, concurrentWrites, cpuPercent, initialToken);
    }

    public NodeSettings withHeap(String h) {
        return new NodeSettings(numTokens, h, commitLog, concurrentWrites, cpuPercent, initialToken);
    }

    public NodeSettings withCommitLog(CommitLog c) {
        return new NodeSettings(numTokens, heap, c, concurrentWrites, cpuPercent, initialToken);
    }

    public NodeSettings withConcurrentWrites(int n) {
        return new NodeSettings(numTokens, heap, commitLog, n, cpuPercent, initialToken);
    }

    /** Its JVM held to {@code percent} of one core from its start (see {@link org.metricsstress.cluster.CpuCgroup}). */
    public NodeSettings withCpuPercent(int percent) {
        return new NodeSettings(numTokens, heap, commitLog, concurrentWrites, percent, initialToken);
    }

    /** The node's one token on the Murmur3 ring, in place of the 16 it would pick. */
    public NodeSettings withInitialToken(long token) {
        return new NodeSettings(numTokens, heap, commitLog, concurrentWrites, cpuPercent, token);
    }

    int numTokensOrDefault() {
        if (initialToken != null) {
            return 1;
        }
        return numTokens == null ? DEFAULT_NUM_TOKENS : numTokens;
    }

    CommitLog commitLogOrDefault() {
        return commitLog == null ? CommitLog.periodic() : commitLog;
    }

    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** As the console's line for the node gives it: "num_tokens 64, heap 384M, commit log batch (...)". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (numTokens != null) {
            parts.add("num_tokens " + numTokens);
        }
        if (heap != null) {
            parts.add("heap " + heap);
        }
        if (commitLog != null) {
            parts.add(commitLog.describe());
        }
        if (concurrentWrites != null) {
            parts.add("concurrent_writes " + concurrentWrites);
        }
        if (cpuPercent != null) {
            parts.add("cpu " + cpuPercent + "% of one core from its start");
        }
        if (initialToken != null) {
            parts.add("one token, " + initialToken);
        }
        return parts.isEmpty() ? "the cluster's settings" : String.join(", ", parts);
    }
}
