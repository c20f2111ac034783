package org.metricsstress.itests;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.metricsstress.storage.CassandraConnector;

/** Test-side access to the node, for checking what a run wrote. */
final class Cql {
    private static final Pattern WHOLE_TABLE = Pattern.compile("SELECT COUNT\\(\\*\\) FROM (\\w+)\\.(\\w+)");
    /** A whole table is counted in this many token slices, so no single read has to scan it all. */
    private static final int SLICES = 64;
    private static final int ATTEMPTS = 5;

    private Cql() {}

    /**
     * A session for the test's own statements: schema, TRUNCATE and counts, on a node that both test
     * JVMs share (SharedNode), so a bound far above the driver's 2 s (a TRUNCATE or a CREATE TABLE
     * took longer beside the other fork's runs); and the driver's schema refresh not gathered for a
     * second after each DDL statement, nor its close held 2 s, as the tool's own sessions.
     */
    static CqlSession session(CassandraServer server) {
        DriverConfigLoader config = CassandraConnector.closeQuickly(DriverConfigLoader.programmaticBuilder())
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(10))
                .build();
        return CqlSession.builder().withConfigLoader(config).addContactPoint(server.cqlAddress())
                .withLocalDatacenter(server.datacenter()).build();
    }

    /**
     * The count a query returns. A whole-table count is summed over token slices: one COUNT(*) over
     * a million rows on a loaded 2-core node outlasts the node's own read timeout (BenchIT saw
     * it), while each slice is a short read; a slice that still times out is read again (a count
     * is idempotent). A read the node aborts itself past its read timeout (its monitoring task)
     * comes back as a read failure, not a timeout: read again too (BenchIT beside other classes).
     */
    static long count(CqlSession session, String query) {
        Matcher whole = WHOLE_TABLE.matcher(query.trim());
        if (!whole.matches()) {
            return countOnce(session, query);
        }
        String table = whole.group(1) + "." + whole.group(2);
        List<ColumnMetadata> key = session.getMetadata().getKeyspace(whole.group(1))
                .flatMap(k -> k.getTable(whole.group(2)))
                .orElseThrow(() -> new IllegalArgumentException("no table " + table))
                .getPartitionKey();
        String token = "token(" + key.stream().map(c -> c.getName().asCql(true)).collect(Collectors.joining(", ")) + ")";
        BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
        BigInteger span = BigInteger.valueOf(Long.MAX_VALUE).subtract(min);
        long total = 0;
        long lower = Long.MIN_VALUE;
        for (int i = 1; i <= SLICES; i++) {
            long upper = i == SLICES ? Long.MAX_VALUE
                    : min.add(span.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(SLICES))).longValueExact();
            // Murmur3's smallest token is never a row's, so the first slice's open lower bound misses nothing.
            total += countOnce(session, "SELECT COUNT(*) FROM " + table + " WHERE " + token + " > " + lower
                    + " AND " + token + " <= " + upper);
            lower = upper;
        }
        return total;
    }

    private static long countOnce(CqlSession session, String query) {
        for (int attempt = 1; ; attempt++) {
            try {
                return session.execute(SimpleStatement.newInstance(query).setTimeout(Duration.ofSeconds(60))).one().getLong(0);
            } catch (ReadTimeoutException | ReadFailureException e) {
                if (attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }
}
