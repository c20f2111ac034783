package org.metricsstress.testing;

import java.time.Duration;
import org.testcontainers.cassandra.CassandraContainer;

/**
 * One Cassandra container for the suite's classes that only need a node to write to (each in a
 * keyspace of its own), started by the first that asks and stopped when the test JVM ends: a
 * container start is about half a minute of the suite on two cores. Testcontainers' own
 * {@link CassandraContainer}, with its defaults but a longer startup timeout (its 60 s is short for
 * a Cassandra 5 on a loaded 2-core machine). Stopped by a shutdown hook since Ryuk, which would
 * reap it, cannot be pulled here.
 */
final class SharedCassandra {
    private static CassandraContainer container;

    private SharedCassandra() {}

    static synchronized CassandraContainer get() {
        if (container == null) {
            CassandraContainer c = new CassandraContainer(Images.cassandra()).withStartupTimeout(Duration.ofMinutes(4));
            c.start();
            Runtime.getRuntime().addShutdownHook(new Thread(c::stop, "shared-cassandra-stop"));
            container = c;
        }
        return container;
    }
}
