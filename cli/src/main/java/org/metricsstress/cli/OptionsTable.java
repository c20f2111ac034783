package org.metricsstress.cli;

import java.util.ArrayList;
import java.util.List;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/**
 * The README's option table, made from the option definitions: what the jar offers (the table's
 * options, then its own). A test holds the README to it; {@code main} prints it for pasting.
 */
final class OptionsTable {
    static final String BEGIN = "<!-- options: generated from the option definitions (OptionsTable); MainTest checks it -->";
    static final String END = "<!-- end of options -->";

    private OptionsTable() {}

    static List<OptionDef> offered() {
        List<OptionDef> all = new ArrayList<>(StressOptions.all());
        all.addAll(Main.EMBEDDED_OPTIONS);
        all.addAll(Main.EMBEDDED_CLUSTER_OPTIONS);
        return all;
    }

    static String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| option | default | meaning |\n|---|---|---|\n");
        for (OptionDef d : offered()) {
            String names = (d.shortName() != null ? d.shortName() + ", " : "") + d.longName();
            String dflt = d.isFlag() ? "off" : d.defaultShown() == null ? "none" : d.defaultShown();
            String meaning = d.help() + (d.envVar() != null ? " (env `" + d.envVar() + "`)" : "");
            sb.append("| `").append(names).append("` | ").append(cell(dflt)).append(" | ").append(cell(meaning))
                    .append(" |\n");
        }
        return sb.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    public static void main(String[] args) {
        System.out.print(BEGIN + "\n" + markdown() + END + "\n");
    }
}
