package org.metricsstress.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.StressResult;

/**
 * A Cassandra or ScyllaDB cluster a test stresses: where CQL answers, in which data centre, and the
 * replication a keyspace gets when the test sets none. {@link #run} runs one stress against it.
 */
public interface StressTarget {
    InetSocketAddress cqlAddress();

    String datacenter();

    /** {@code dc:rf,...} for the keyspace when the options set no replication. */
    default String replication() {
        return datacenter() + ":1";
    }

    /** A configuration aimed at this cluster: contact point, local DC and replication, nothing else. */
    default StressConfig.Builder configure(StressConfig.Builder b) {
        return b.contactPoints(List.of(new ContactPoint(cqlAddress().getHostString(), cqlAddress().getPort())))
                .localDc(datacenter())
                .replication(Replication.parse("replication", replication()));
    }

    /**
     * Runs one stress with the options {@code options} sets on a builder already aimed at this
     * cluster, and returns its result; the run's console goes to standard output.
     */
    default StressResult run(UnaryOperator<StressConfig.Builder> options) throws Exception {
        return run(options, System.out);
    }

    /** As {@link #run(UnaryOperator)}, with the run's console going to {@code console}. */
    default StressResult run(UnaryOperator<StressConfig.Builder> options, PrintStream console) throws Exception {
        StressConfig config = options.apply(configure(StressConfig.builder())).build();
        return execute(new StressRun(config, console));
    }

    /** Runs {@code run} to its end; a hook for targets that act on the cluster while it goes on. */
    default StressResult execute(StressRun run) throws Exception {
        return run.execute().result();
    }

    /** Runs quietly and returns the console text with the result, for tests that check what it says. */
    default Console runCapturing(UnaryOperator<StressConfig.Builder> options) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        StressResult r = run(options, new PrintStream(buf, true, StandardCharsets.UTF_8));
        return new Console(r, buf.toString(StandardCharsets.UTF_8));
    }

    /** A result and what the run printed. */
    record Console(StressResult result, String text) {
    }
}
