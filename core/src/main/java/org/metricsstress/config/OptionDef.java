package org.metricsstress.config;

import java.util.function.BiConsumer;

/**
 * One command-line option, described once for every front end.
 *
 * @param shortName OpenNMS-style single-letter name such as {@code -n}, or null
 * @param longName  long name such as {@code --nodes}
 * @param label     what the value is, for help ({@code N}, {@code DURATION}); null for a flag
 * @param help      one sentence for help output
 * @param defaultShown the default as the user would type it, or null when there is none
 * @param section   where the option belongs, so a front end can pick the ones it needs
 * @param envVar    an environment variable read when the option is not given, or null
 * @param apply     parses the text value into the builder; throws {@link ConfigException}
 */
public record OptionDef(
        String shortName,
        String longName,
        String label,
        String help,
        String defaultShown,
        Section section,
        String envVar,
        BiConsumer<StressConfig.Builder, String> apply) {

    public enum Section { PLAN, PIPELINE, CLUSTER, SCHEMA, INDEX, OUTPUT }

    /** A flag takes no value: present means true. */
    public boolean isFlag() {
        return label == null;
    }

    /** Names for help and parsers: the short one first when there is one. */
    public String[] names() {
        return shortName == null ? new String[] {longName} : new String[] {shortName, longName};
    }

    /** This option with another default shown (a subcommand whose defaults differ). */
    public OptionDef withDefaultShown(String shown) {
        return new OptionDef(shortName, longName, label, help, shown, section, envVar, apply);
    }

    /** Help text with the default appended, as both front ends show it. */
    public String helpWithDefault() {
        String text = help;
        if (defaultShown != null) {
            text += " (default: " + defaultShown + ")";
        }
        if (envVar != null) {
            text += " (env: " + envVar + ")";
        }
        return text;
    }
}
