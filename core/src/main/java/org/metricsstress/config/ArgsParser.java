package org.metricsstress.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a command line against the option table, for front ends without a parser of their own
 * (the Karaf shell command). Accepts {@code -n 10}, {@code --nodes 10}, {@code --nodes=10} and
 * flags such as {@code -b}; {@code -h}/{@code --help} asks for help. Every mistake is a one-line
 * {@link ConfigException}, worded like the standalone CLI's.
 */
public final class ArgsParser {
    private final Map<String, OptionDef> byName = new HashMap<>();
    private final Collection<OptionDef> offered;

    public ArgsParser(Collection<OptionDef> offered) {
        this.offered = offered;
        for (OptionDef d : offered) {
            byName.put(d.longName(), d);
            if (d.shortName() != null) {
                byName.put(d.shortName(), d);
            }
        }
    }

    /** What a command line asked for. */
    public record Parsed(StressConfig.Builder builder, boolean help, Set<String> given) {}

    public Parsed parse(List<String> args, Map<String, String> env) {
        StressConfig.Builder b = StressConfig.builder();
        Set<String> given = new HashSet<>();
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("-h") || arg.equals("--help")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("-") || arg.equals("-") || arg.equals("--")) {
                throw new ConfigException("unexpected argument '" + arg + "' (options start with - or --)");
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            OptionDef d = byName.get(name);
            if (d == null) {
                throw new ConfigException("unknown option '" + name + "'");
            }
            if (!given.add(d.longName())) {
                throw new ConfigException(d.longName() + ": given twice");
            }
            if (d.isFlag()) {
                if (value != null) {
                    throw new ConfigException(d.longName() + ": takes no value");
                }
                d.apply().accept(b, "true");
                continue;
            }
            if (value == null) {
                if (i + 1 >= args.size()) {
                    throw new ConfigException(d.longName() + ": needs a value (" + d.label() + ")");
                }
                value = args.get(++i);
            }
            d.apply().accept(b, value);
        }
        StressOptions.applyEnvironment(b, offered, given, env);
        return new Parsed(b, help, given);
    }

    /** The options as help text: names, value, description with default; one option per entry. */
    public static String help(Collection<OptionDef> offered) {
        List<String[]> rows = new ArrayList<>();
        int width = 0;
        for (OptionDef d : offered) {
            String names = (d.shortName() != null ? d.shortName() + ", " : "    ") + d.longName()
                    + (d.isFlag() ? "" : " " + d.label());
            width = Math.max(width, names.length());
            rows.add(new String[] {names, d.helpWithDefault()});
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append(String.format(Locale.ROOT, "  %-" + width + "s  %s%n", r[0], r[1]));
        }
        return sb.toString();
    }
}
