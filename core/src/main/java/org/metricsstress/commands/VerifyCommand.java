package org.metricsstress.commands;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.ReadBackRun;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Option;
import org.metricsstress.config.VerifyOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.report.Summary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.VerifyReport;

/**
 * {@code verify}: reads back what a run wrote, from an existing keyspace. The run's plan, seed,
 * keyspace and time range come from its result file ({@code --from-result}) or from the same
 * options the run was given plus {@code --start-at}; the cluster options are this command's own.
 * Exit 1 on any mismatch.
 */
final class VerifyCommand implements ToolCommand {
    /** Settings of the run that say what it wrote; taken from its result file when there is one. */
    private static final Set<String> RUN_SETTING_NAMES = Set.of("--nodes", "--interfaces", "--groups", "--attributes",
            "--strings", "--interval", "--burst", "--rate-factor", "--seed", "--string-variation-factor",
            "--duration", "--rate-steps", "--instance", "--instances", "--keyspace", "--values", "--resource-ids",
            "--writer", "--tss-write-url", "--tss-read-url");
    private static final List<OptionDef> RUN_SETTINGS = StressOptions.all().stream()
            .filter(d -> RUN_SETTING_NAMES.contains(d.longName())).toList();
    /** What runs saved before these options existed wrote: hashed doubles under the foreign-source ids. */
    static final Map<String, String> BEFORE_THE_OPTION = Map.of("--values", "random", "--resource-ids", "foreign-source");

    static final Option<Path> FROM_RESULT = VerifyOptionDefs.FROM_RESULT;
    static final Option<Double> RESOURCES = VerifyOptionDefs.RESOURCES;

    @Override
    public String name() {
        return "verify";
    }

    @Override
    public String description() {
        return "Read back what a run wrote, from an existing keyspace (or, for --writer tss, its receiver's query API): "
                + "every sample of a share of its resources against the value function, each series complete but for "
                + "what the run lost, and their index rows; exit 1 on any mismatch.";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.PLAN, OptionDef.Section.PACING,
                OptionDef.Section.CLUSTER))) {
            if (!d.longName().equals("--threads")) {
                out.add(d);
            }
        }
        out.add(StressOptions.KEYSPACE.def());
        // A TSS run is read back from its receiver: which path, and where the receiver answers.
        out.add(StressOptions.WRITER.def());
        out.add(StressOptions.TSS_WRITE_URL.def());
        out.add(StressOptions.TSS_READ_URL.def());
        out.addAll(StressOptions.own(OptionDef.Section.VERIFY));
        return out;
    }

    /** Which run, and what share of it: read and checked before any connection. */
    private record Target(StressConfig config, long start, double seconds, StressResult run, double fraction) {}

    private static Target target(Invocation in) {
        double fraction = in.given().get(RESOURCES);
        if (in.given().given(FROM_RESULT)) {
            Path file = in.given().get(FROM_RESULT);
            StressResult run = ResultFiles.read(file);
            StressConfig config = in.builder(settingsOf(run, file.toString())).readingBack().build();
            return new Target(config, Instant.parse(run.startedAt()).toEpochMilli(), run.generationSeconds(), run,
                    fraction);
        }
        StressConfig config = in.builder(Map.of()).readingBack().build();
        if (config.pacing().startAt() == null || config.untilStopped()) {
            throw new ConfigException("verify: say which run: --from-result RUN.json, or the run's options with "
                    + "--start-at and --duration (or --rate-steps)");
        }
        return new Target(config, config.pacing().startAt().toEpochMilli(),
                config.totalDuration().toMillis() / 1000.0, null, fraction);
    }

    @Override
    public void check(Invocation in) {
        target(in);
    }

    @Override
    public int run(Invocation in) throws ClusterException {
        Target t = target(in);
        StressResult run = t.run();
        // A run known only by its options lost nothing that anyone counted: every series is held to none.
        VerifyReport report = run != null
                ? ReadBackRun.verify(t.config(), t.start(), t.seconds(), t.fraction(), run.losses(),
                        run.dropped() + run.failed() + run.unsent(), true, in.out())
                : ReadBackRun.verify(t.config(), t.start(), t.seconds(), t.fraction(), null, 0, false, in.out());
        Summary.verify(in.out(), report);
        return report.clean() ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
    }

    /** The run's settings as defaults: what the user types on this command line wins. */
    private static Map<String, String> settingsOf(StressResult run, String file) {
        Map<String, String> out = new HashMap<>();
        for (OptionDef d : RUN_SETTINGS) {
            String name = d.longName();
            Object v = run.setting(d);
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
