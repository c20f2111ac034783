package org.metricsstress.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.ReadBackRun;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.report.Summary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.VerifyReport;
import picocli.CommandLine.ParseResult;
import java.time.Instant;

/**
 * {@code metrics-stress verify}: reads back what a run wrote, from an existing keyspace. The run's
 * plan, seed, keyspace and time range come from its result file ({@code --from-result}) or from
 * the same options the run was given plus {@code --start-at}; the cluster options are this
 * command's own. Exit 1 on any mismatch.
 */
final class VerifyCommand {
    /** Settings of the run that say what it wrote; taken from its result file when there is one. */
    private static final Set<String> RUN_SETTINGS = Set.of("--nodes", "--interfaces", "--groups", "--attributes",
            "--strings", "--interval", "--burst", "--rate-factor", "--seed", "--string-variation-factor",
            "--duration", "--rate-steps", "--instance", "--instances", "--keyspace", "--values", "--resource-ids");
    /** What runs saved before these options existed wrote: hashed doubles under the foreign-source ids. */
    static final Map<String, String> BEFORE_THE_OPTION = Map.of("--values", "random", "--resource-ids", "foreign-source");

    static final OptionDef FROM_RESULT = StressOptions.byName("--from-result");
    static final OptionDef RESOURCES = StressOptions.byName("--resources");
    static final List<OptionDef> OWN = StressOptions.own(OptionDef.Section.VERIFY);

    private VerifyCommand() {}

    static List<OptionDef> offered() {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.PLAN, OptionDef.Section.PACING,
                OptionDef.Section.CLUSTER))) {
            if (!d.longName().equals("--threads")) {
                out.add(d);
            }
        }
        out.add(StressOptions.byName("--keyspace"));
        return out;
    }

    static int run(ParseResult parsed, Main.Configured options, PrintStream out) throws ClusterException {
        String file = parsed.matchedOptionValue(FROM_RESULT.longName(), null);
        String share = parsed.matchedOptionValue(RESOURCES.longName(), null);
        double fraction = share == null ? (Double) RESOURCES.defaultValue() : (Double) RESOURCES.parse(share);
        StressConfig config;
        long start;
        double seconds;
        StressResult run = null;
        if (file != null) {
            run = SavedResults.read(Path.of(file));
            config = options.builder(settingsOf(run, file)).readingBack().build();
            start = Instant.parse(run.startedAt()).toEpochMilli();
            seconds = run.generationSeconds();
        } else {
            config = options.builder(Map.of()).readingBack().build();
            if (config.pacing().startAt() == null || config.untilStopped()) {
                throw new ConfigException("verify: say which run: --from-result RUN.json, or the run's options with "
                        + "--start-at and --duration (or --rate-steps)");
            }
            start = config.pacing().startAt().toEpochMilli();
            seconds = config.totalDuration().toMillis() / 1000.0;
        }
        // A run known only by its options lost nothing that anyone counted: every series is held to none.
        VerifyReport report = run != null
                ? ReadBackRun.verify(config, start, seconds, fraction, run.losses(),
                        run.dropped() + run.failed() + run.unsent(), true, out)
                : ReadBackRun.verify(config, start, seconds, fraction, null, 0, false, out);
        Summary.verify(out, report);
        return report.clean() ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
    }

    /** The run's settings as defaults: what the user types on this command line wins. */
    private static Map<String, String> settingsOf(StressResult run, String file) {
        Map<String, String> out = new HashMap<>();
        for (String name : RUN_SETTINGS) {
            OptionDef d = StressOptions.byName(name);
            Object v = run.config().get(d.key());
            if (v == null && BEFORE_THE_OPTION.containsKey(name)) {
                out.put(name, BEFORE_THE_OPTION.get(name));
                continue;
            }
            // A merged result covers every instance: it is read back as the whole plan.
            boolean share = name.equals("--instance") || name.equals("--instances");
            if (v == null || (share && run.merge() != null) || (d.defaultValue() == null
                    && String.valueOf(v).equals(d.defaultShown()))) {
                continue;
            }
            try {
                d.parse(String.valueOf(v));
            } catch (ConfigException e) {
                throw new ConfigException(file + ": the run's " + name + " is '" + v + "', which this tool cannot read");
            }
            out.put(name, String.valueOf(v));
        }
        return out;
    }
}
