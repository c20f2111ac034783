package org.metricsstress.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/**
 * The option reference of docs/options.md, made from the option table: every entry under its
 * section's heading, the defaults a command sets over the table's, and the environment. A test
 * holds docs/options.md to it; {@code main} prints it for pasting.
 */
final class OptionsTable {
    static final String BEGIN = "<!-- options: generated from the option table (cli OptionsTable); MainTest checks it -->";
    static final String END = "<!-- end of options -->";

    private OptionsTable() {}

    /** What a stress run of the jar offers: the table's run options, then its local cluster. */
    static List<OptionDef> offered() {
        List<OptionDef> all = new ArrayList<>(StressOptions.all());
        all.addAll(StressOptions.own(OptionDef.Section.LOCAL_CLUSTER));
        return all;
    }

    static String markdown() {
        StringBuilder sb = new StringBuilder();
        for (OptionDef.Section section : OptionDef.Section.values()) {
            List<OptionDef> in = StressOptions.table().stream().filter(d -> d.section() == section).toList();
            if (in.isEmpty()) {
                continue;
            }
            sb.append("### ").append(capitalized(section.heading())).append("\n\n");
            sb.append("| option | default | meaning |\n|---|---|---|\n");
            for (OptionDef d : in) {
                String names = (d.shortName() != null ? d.shortName() + ", " : "") + d.longName();
                String dflt = d.defaultShown() != null ? d.defaultShown() : d.isFlag() ? "off" : "none";
                String meaning = d.help() + (d.envVar() != null ? " (env `" + d.envVar() + "`)" : "");
                sb.append("| `").append(names).append("` | ").append(cell(dflt)).append(" | ").append(cell(meaning))
                        .append(" |\n");
            }
            sb.append('\n');
        }
        sb.append("### Defaults of the commands\n\n");
        sb.append("Set over the table's; what you type wins.\n\n| command | defaults |\n|---|---|\n");
        for (Map.Entry<String, Map<String, String>> e : Map.of(
                "bench", StressOptions.BENCH_DEFAULTS,
                "bench --smoke", StressOptions.SMOKE_DEFAULTS,
                "find-max", StressOptions.FIND_MAX_DEFAULTS,
                "schema", StressOptions.SCHEMA_DEFAULTS).entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).toList()) {
            sb.append("| `").append(e.getKey()).append("` | `").append(cell(StressOptions.typed(e.getValue())))
                    .append("` |\n");
        }
        sb.append("\n### Environment\n\n| variable | meaning |\n|---|---|\n");
        for (StressOptions.EnvSetting e : StressOptions.environment()) {
            sb.append("| `").append(e.name()).append("` | ").append(cell(e.help())).append(" |\n");
        }
        return sb.toString();
    }

    static String capitalized(String heading) {
        return Character.toUpperCase(heading.charAt(0)) + heading.substring(1);
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    public static void main(String[] args) {
        System.out.print(BEGIN + "\n" + markdown() + END + "\n");
    }
}
