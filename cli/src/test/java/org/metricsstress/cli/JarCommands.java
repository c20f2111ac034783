package org.metricsstress.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.commandline.StressCommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Test fixture (in the cli test-jar): the jar's commands as its users see them, and the jar run on
 * words in this JVM with a local cluster that must not start. The Karaf front end's tests compare
 * their shell with it.
 */
public final class JarCommands {
    private JarCommands() {}

    /** A command as help shows it: its description and every option name (help and version aside). */
    public record Shown(String description, Set<String> options) {}

    /** Every command of the jar by name, the plain run as {@code stress}. */
    public static Map<String, Shown> all() {
        CommandSpec root = CommandTree.root(new StressCommandLine());
        Map<String, Shown> all = new TreeMap<>();
        all.put("stress", shown(root));
        root.subcommands().forEach((name, sub) -> all.put(name, shown(sub.getCommandSpec())));
        return all;
    }

    private static Shown shown(CommandSpec spec) {
        Set<String> names = new TreeSet<>();
        for (OptionSpec o : spec.options()) {
            names.addAll(Set.of(o.names()));
        }
        names.removeAll(Set.of("-h", "--help", "-V", "--version"));
        // As picocli prints it: each line formatted, so "95%% interval" is shown as "95% interval".
        List<String> lines = Arrays.stream(spec.usageMessage().description()).map(String::format).toList();
        return new Shown(String.join(" ", lines), names);
    }

    /** What a run of the jar printed and returned, and whether it tried to start a local cluster. */
    public record Ran(int exitCode, String out, String err, boolean startedCluster) {}

    /** The jar on {@code args}; starting a local cluster is refused (and recorded), never done. */
    public static Ran run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        AtomicBoolean started = new AtomicBoolean();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), false, (parsed, layout, o) -> {
                    started.set(true);
                    throw new LocalClusterException("a test forbids starting a local cluster");
                }).run(args);
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), started.get());
    }
}
