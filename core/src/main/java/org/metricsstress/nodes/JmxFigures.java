package org.metricsstress.nodes;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * What only a node's JMX tells: its collectors' time, its process's CPU, the mutations it dropped,
 * the writes that waited on its commit log, and the compactions waiting. All cumulative but the
 * pending compactions; {@link NodeSeries} takes the differences. One connection for the run, made
 * again after a call ran out of time (a stopped node), never more than one call at a time.
 */
final class JmxFigures implements AutoCloseable {
    /** One reading, cumulative since the node started. */
    record Raw(double gcMs, long cpuNanos, int processors, long droppedMutations, long commitLogWaits,
            long pendingCompactions) {}

    private static final ObjectName GC = name("java.lang:type=GarbageCollector,name=*");
    private static final ObjectName OS = name("java.lang:type=OperatingSystem");
    private static final ObjectName DROPPED = name("org.apache.cassandra.metrics:type=DroppedMessage,scope=MUTATION,"
            + "name=Dropped");
    private static final List<ObjectName> COMMIT_LOG_WAITS = List.of(
            name("org.apache.cassandra.metrics:type=CommitLog,name=WaitingOnCommit"),
            name("org.apache.cassandra.metrics:type=CommitLog,name=WaitingOnSegmentAllocation"));
    private static final ObjectName PENDING_COMPACTIONS = name("org.apache.cassandra.metrics:type=Compaction,"
            + "name=PendingTasks");

    private final String at;
    private final long connectMillis;
    private final long callMillis;
    private NodeJmx jmx;
    private Set<ObjectName> collectors;

    JmxFigures(String at, long connectMillis, long callMillis) {
        this.at = at;
        this.connectMillis = connectMillis;
        this.callMillis = callMillis;
    }

    String at() {
        return at;
    }

    /** One reading; an IOException says why the node's JMX did not give it. */
    Raw read() throws IOException {
        if (jmx == null || jmx.broken()) {
            close();
            jmx = NodeJmx.connect(at, connectMillis, callMillis);
            collectors = jmx.names(GC);
        }
        double gc = 0;
        for (ObjectName c : collectors) {
            gc += ((Number) jmx.attribute(c, "CollectionTime")).doubleValue();
        }
        long cpu = ((Number) jmx.attribute(OS, "ProcessCpuTime")).longValue();
        int processors = ((Number) jmx.attribute(OS, "AvailableProcessors")).intValue();
        long waits = 0;
        for (ObjectName w : COMMIT_LOG_WAITS) {
            waits += count(w);
        }
        return new Raw(gc, cpu, processors, count(DROPPED), waits,
                ((Number) jmx.attribute(PENDING_COMPACTIONS, "Value")).longValue());
    }

    private long count(ObjectName meter) throws IOException {
        return ((Number) jmx.attribute(meter, "Count")).longValue();
    }

    @Override
    public void close() {
        if (jmx != null) {
            jmx.close();
            jmx = null;
        }
    }

    private static ObjectName name(String text) {
        try {
            return new ObjectName(text);
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }
}
