package org.metricsstress.cli;

import org.metricsstress.api.ExitCode;
import org.metricsstress.api.SchemaText;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine.ParseResult;

/** {@code metrics-stress schema}: the CQL of the Newts schema this tool creates, printed without connecting. */
final class SchemaCommand {
    private SchemaCommand() {}

    static int print(ParseResult parsed, CliContext cli) {
        StressConfig c = cli.builder(parsed, StressOptions.schemaOptions(), StressOptions.SCHEMA_DEFAULTS).build();
        String dc = c.cluster().localDc();
        if (c.schema().replication() == null) {
            cli.out().println("-- replication: the local data centre with RF 1 ('" + dc + "' here; "
                    + "a run uses the DC it connects to). Set it with --replication dc1:3,dc2:3");
        }
        for (String cql : SchemaText.statements(c, dc)) {
            cli.out().println(cql + ";");
            cli.out().println();
        }
        cli.out().println("-- samples are written with USING TTL " + c.schema().ttl().getSeconds()
                + " (--ttl), in UNLOGGED batches of up to --batch-commits group commits on one replica");
        return ExitCode.OK;
    }
}
