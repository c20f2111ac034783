package org.metricsstress.cli;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.metricsstress.config.OptionDef;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Builds picocli's model from the shared option table, so the CLI declares no stress option of its
 * own: each table entry becomes a string-valued picocli option whose text is handed back to the
 * table's parser. Type checks and messages therefore live in one place, the core.
 */
final class CommandModel {
    private final Map<String, OptionDef> byLongName = new HashMap<>();

    void addAll(CommandSpec spec, Collection<OptionDef> defs) {
        for (OptionDef d : defs) {
            // picocli formats descriptions with String.format: a literal % must be doubled.
            OptionSpec.Builder o = OptionSpec.builder(d.names()).description(d.helpWithDefault().replace("%", "%%"));
            if (d.isFlag()) {
                o.arity("0").type(boolean.class);
            } else {
                o.arity("1").type(String.class).paramLabel(d.label());
            }
            spec.addOption(o.build());
            byLongName.put(d.longName(), d);
        }
    }

    /** The table entry behind a picocli option, or null for a CLI-only option. */
    OptionDef def(OptionSpec option) {
        return byLongName.get(option.longestName());
    }
}
