package org.metricsstress.karaf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/**
 * What an administrator sets once in {@code etc/org.metricsstress.cfg} (ConfigAdmin PID
 * {@value #PID}): any option of the table under its long name without the dashes, such as
 * {@code contact-points = db1:9042,db2:9042}. Options typed on the command line win.
 *
 * <p>The file's settings become command-line words placed before the typed ones and go through the
 * same {@link StressCommandLine} parser, so a setting means exactly what the option means, checks included.
 */
final class AdminSettings {
    static final String PID = "org.metricsstress";
    static final String FILE = "etc/" + PID + ".cfg";

    /** Options that set the same thing: typing one of them overrides the file's setting of any. */
    private static final Set<String> PASSWORD = Set.of("--password", "--password-file");

    private final Supplier<Map<String, String>> source;

    /** {@code source} gives the PID's properties as text, read anew for every run. */
    AdminSettings(Supplier<Map<String, String>> source) {
        this.source = source;
    }

    /**
     * The settings, by key, in key order. Keys with a dot are ConfigAdmin's and File Install's
     * bookkeeping ({@code service.pid}, {@code felix.fileinstall.filename}); an empty value means
     * "not set", so a template can list every key.
     */
    Map<String, String> current() {
        Map<String, String> settings = new TreeMap<>();
        source.get().forEach((key, value) -> {
            if (!key.contains(".") && value != null && !value.isBlank()) {
                settings.put(key, value.trim());
            }
        });
        return settings;
    }

    /**
     * Words read as {@code metrics:stress} reads them. A new parser each time: picocli keeps the
     * matched values in its model, and several shell sessions may parse at once.
     */
    static StressCommandLine.Parsed parse(List<String> words, Map<String, String> env) {
        StressCommandLine parser = new StressCommandLine();
        return parser.parse(parser.command(StressCommand.FULL_NAME, StressCommand.offered()), words, env);
    }

    /** The typed words with the file's settings under them, parsed as one command line. */
    StressCommandLine.Parsed withTyped(List<String> typed, Map<String, String> env) {
        return parse(under(typed, parse(typed, Map.of()).given(), StressOptions.all()), env);
    }

    /**
     * The file's settings of the options {@code offered}, as words, under the typed words: what a
     * command of this bundle parses. A setting of an option the command does not offer is left out
     * (verify takes no --rate-factor); a key no option has is a mistake.
     */
    List<String> under(List<String> typed, Set<String> typedNames, Collection<OptionDef> offered) {
        List<String> words = new ArrayList<>();
        for (Map.Entry<String, String> setting : current().entrySet()) {
            OptionDef option = option(setting.getKey());
            if (overridden(option, typedNames) || offered.stream().noneMatch(d -> d.longName().equals(option.longName()))) {
                continue;
            }
            List<String> asTyped = asWords(option, setting.getValue());
            try {
                parse(asTyped, Map.of());
            } catch (ConfigException e) {
                // Say where the mistake is: the user did not type it.
                throw new ConfigException(FILE + ": " + e.getMessage());
            }
            words.addAll(asTyped);
        }
        words.addAll(typed);
        return words;
    }

    /** The option a key names, or a one-line error that says what keys are. */
    static OptionDef option(String key) {
        for (OptionDef d : StressOptions.all()) {
            if (d.key().equals(key)) {
                return d;
            }
        }
        throw new ConfigException(FILE + ": unknown key '" + key
                + "' (keys are the long option names without the dashes, e.g. contact-points)");
    }

    private static boolean overridden(OptionDef option, Set<String> typedNames) {
        if (typedNames.contains(option.longName())) {
            return true;
        }
        return PASSWORD.contains(option.longName()) && typedNames.stream().anyMatch(PASSWORD::contains);
    }

    private static List<String> asWords(OptionDef option, String value) {
        if (!option.isFlag()) {
            return List.of(option.longName(), value);
        }
        if (value.equalsIgnoreCase("true")) {
            return List.of(option.longName());
        }
        if (value.equalsIgnoreCase("false")) {
            return List.of();
        }
        throw new ConfigException(FILE + ": " + option.longName().substring(2) + " = '" + value
                + "': a flag is true or false");
    }
}
