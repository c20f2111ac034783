package org.metricsstress.commands;

import java.util.List;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.SchemaText;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;

/** {@code schema}: the CQL of the Newts schema this tool creates, printed without connecting. */
final class SchemaCommand implements ToolCommand {
    @Override
    public String name() {
        return "schema";
    }

    @Override
    public String description() {
        return "Print the CQL of the Newts schema this tool creates, without connecting.";
    }

    @Override
    public List<OptionDef> options() {
        return StressOptions.withDefaults(StressOptions.schemaOptions(), StressOptions.SCHEMA_DEFAULTS);
    }

    @Override
    public void check(Invocation in) {
        config(in);
    }

    private static StressConfig config(Invocation in) {
        return in.builder(StressOptions.SCHEMA_DEFAULTS).build();
    }

    @Override
    public int run(Invocation in) {
        StressConfig c = config(in);
        String dc = c.cluster().localDc();
        if (c.schema().replication() == null) {
            in.out().println("-- replication: the local data centre with RF 1 ('" + dc + "' here; "
                    + "a run uses the DC it connects to). Set it with --replication dc1:3,dc2:3");
        }
        for (String cql : SchemaText.statements(c, dc)) {
            in.out().println(cql + ";");
            in.out().println();
        }
        in.out().println("-- samples are written with USING TTL " + c.schema().ttl().getSeconds()
                + " (--ttl), in UNLOGGED batches of up to --batch-commits group commits on one replica");
        return ExitCode.OK;
    }
}
