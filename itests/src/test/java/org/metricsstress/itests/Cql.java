package org.metricsstress.itests;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;

/** Test-side access to the node, for checking what a run wrote. */
final class Cql {
    private Cql() {}

    static CqlSession session(CassandraServer server) {
        return CqlSession.builder().addContactPoint(server.cqlAddress()).withLocalDatacenter(server.datacenter()).build();
    }

    static long count(CqlSession session, String query) {
        return session.execute(SimpleStatement.newInstance(query).setTimeout(Duration.ofSeconds(60))).one().getLong(0);
    }
}
