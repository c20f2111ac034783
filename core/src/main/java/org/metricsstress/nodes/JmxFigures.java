package org.metricsstress.nodes;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.MBeanServerConnection;
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
    /**
     * {@code atNanos}: when the node gave its CPU time, on this JVM's System.nanoTime(). A node that
     * stalls answers a reading late, up to a report line after it was asked; its rates are over the
     * time between its answers, never between the askings (which once read 720% CPU on 2 cores).
     */
    record Raw(double gcMs, long cpuNanos, int processors, long droppedMutations, long commitLogWaits,
            long pendingCompactions, long atNanos, double processCpuLoad) {
        /** Without the JVM's own load (a test's reading). */
        Raw(double gcMs, long cpuNanos, int processors, long droppedMutations, long commitLogWaits,
                long pendingCompactions, long atNanos) {
            this(gcMs, cpuNanos, processors, droppedMutations, commitLogWaits, pendingCompactions, atNanos, -1);
        }
    }

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
    private volatile NodeJmx jmx;
    private volatile Set<ObjectName> collectors;
    /** The CPUs the node's JVM may use: fixed for its life, so asked once per connection. */
    private volatile int processors;
    /** Once closed, a connect still under way (a slow node's) is let go as soon as it ends. */
    private volatile boolean closed;

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
        NodeJmx j = jmx;
        if (j == null || j.broken()) {
            letGo();
            j = NodeJmx.connect(at, connectMillis, callMillis);
            if (closed) {
                j.close();
                throw new IOException("closed");
            }
            collectors = j.names(GC);
            processors = ((Number) j.attribute(OS, "AvailableProcessors")).intValue();
            jmx = j;
        }
        Set<ObjectName> gcs = collectors;
        int cpus = processors;
        // The collectors' times, the OS bean's two, the dropped mutations, two commit-log waits, the compactions.
        return j.together("the reading's attributes", gcs.size() + 5, server -> {
            double gc = 0;
            for (ObjectName c : gcs) {
                gc += ((Number) server.getAttribute(c, "CollectionTime")).doubleValue();
            }
            // ProcessCpuLoad: the JVM's own load since it was last asked, of the CPU it may use: relative to
            // its cgroup's quota where it started inside one (JDK 17's container support), which no count
            // of CPU time against the machine's cores can tell. Both in one call: one time they were given at.
            AttributeList os = server.getAttributes(OS, new String[] {"ProcessCpuTime", "ProcessCpuLoad"});
            long answeredAt = System.nanoTime();
            Number cpuTime = null;
            Number cpuLoad = null;
            for (Attribute a : os.asList()) {
                if (a.getName().equals("ProcessCpuTime") && a.getValue() instanceof Number n) {
                    cpuTime = n;
                } else if (a.getName().equals("ProcessCpuLoad") && a.getValue() instanceof Number n) {
                    cpuLoad = n;
                }
            }
            if (cpuTime == null || cpuLoad == null) {
                throw new IOException("the node's JMX gave no ProcessCpuTime or ProcessCpuLoad");
            }
            long waits = 0;
            for (ObjectName w : COMMIT_LOG_WAITS) {
                waits += count(server, w);
            }
            return new Raw(gc, cpuTime.longValue(), cpus, count(server, DROPPED), waits,
                    ((Number) server.getAttribute(PENDING_COMPACTIONS, "Value")).longValue(), answeredAt,
                    cpuLoad.doubleValue());
        });
    }

    private static long count(MBeanServerConnection server, ObjectName meter) throws Exception {
        return ((Number) server.getAttribute(meter, "Count")).longValue();
    }

    @Override
    public void close() {
        closed = true;
        letGo();
    }

    private synchronized void letGo() {
        NodeJmx j = jmx;
        jmx = null;
        if (j != null) {
            j.close();
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
