package org.metricsstress.cli;

import org.metricsstress.api.Tool;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commandline.ToolCommandLine;
import org.metricsstress.commands.Commands;
import org.metricsstress.commands.ToolCommand;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine.Model.CommandSpec;

/** The jar's command and subcommands as picocli sees them: the plain run, then every command of {@link Commands}. */
final class CommandTree {
    private CommandTree() {}

    static CommandSpec root(StressCommandLine model) {
        CommandSpec root = CommandSpec.create().name(CliContext.NAME).version(Tool.versionLine());
        root.mixinStandardHelpOptions(true);
        root.usageMessage()
                .description(StressCommandLine.literal(Commands.STRESS_DESCRIPTION))
                .sortOptions(false)
                .abbreviateSynopsis(true)
                .commandListHeading("%nCommands:%n");
        model.addAll(root, StressOptions.all());
        model.addAll(root, LocalClusterOptions.ONE_NODE);
        model.addAll(root, LocalClusterOptions.CLUSTER_ONLY);
        for (ToolCommand command : Commands.all()) {
            root.addSubcommand(command.name(), ToolCommandLine.spec(command, command.name(), model, true));
        }
        return root;
    }
}
