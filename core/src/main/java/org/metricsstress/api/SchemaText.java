package org.metricsstress.api;

import java.util.List;
import org.metricsstress.config.StressConfig;
import org.metricsstress.newts.NewtsSchema;

/** The CQL of the Newts schema a run creates, for a front end to print without connecting. */
public final class SchemaText {
    private SchemaText() {}

    /** The keyspace and tables, replicated as the run would be in {@code localDc}. */
    public static List<String> statements(StressConfig c, String localDc) {
        return NewtsSchema.statements(c.schema().keyspace(), c.schema().replicationIn(localDc).toCql(),
                c.schema().twcsWindow(), c.schema().gcGrace());
    }
}
