package org.metricsstress.testing;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;

/**
 * The container suite's plan: 10 nodes x 2 interfaces x 5 groups, 10 metrics and 2 strings a group,
 * one collection of 2 s: 1,000 samples, 100 group and 20 interface resources, and by OpenNMS's
 * index rules, with its default ids (snmp:<node>:..., 4 elements), 4,220 index rows on a cold start:
 * resource_metrics 100 x 10 + 20, resource_attributes and terms 100 x 14 + 20 x 5 x 2 each. Written by the pipelined writer, which sends each row once:
 * OpenNMS's workers may both write a resource they index at the same moment, so a count of rows
 * sent is exact only with the pipelined one.
 */
final class Plans {
    static final long SAMPLES = 1_000;
    static final long RESOURCES = 120;
    static final long INDEX_ROWS = 4_220;
    static final long METRIC_ROWS = 100 * 10 + 20;
    static final long ATTRIBUTE_ROWS = 100 * 14 + 20 * 5 * 2;
    static final long TERM_ROWS = 100 * 14 + 20 * 5 * 2;

    private Plans() {
    }

    static UnaryOperator<StressConfig.Builder> oneCollection(String keyspace) {
        return b -> b.keyspace(keyspace).writer(Writer.PIPELINED)
                .nodes(10).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(2))
                .reportInterval(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(2))
                .seed(4242);
    }

    static long count(CqlSession s, String cql) {
        return s.execute(SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(30))).one().getLong(0);
    }

    /** Every row of a table, each as one line, sorted: tables whose rows hold no time compare whole. */
    static List<String> rows(CqlSession s, String table) {
        List<String> out = new ArrayList<>();
        for (Row r : s.execute(SimpleStatement.newInstance("SELECT * FROM " + table).setTimeout(Duration.ofSeconds(30)))) {
            out.add(r.getFormattedContents());
        }
        out.sort(null);
        return out;
    }

    static CqlSession session(StressTarget target) {
        return CqlSession.builder().addContactPoint(target.cqlAddress()).withLocalDatacenter(target.datacenter()).build();
    }
}
