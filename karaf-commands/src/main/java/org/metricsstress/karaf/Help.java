package org.metricsstress.karaf;

import java.io.PrintStream;
import java.net.URI;
import java.util.Map;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.ConfigView;
import org.metricsstress.config.StressOptions;

/** {@code metrics:stress --help}: every option of the table with its default, and where settings come from. */
final class Help {
    private Help() {}

    static void print(PrintStream out, Map<String, String> settings) {
        out.println("DESCRIPTION");
        out.println("        " + StressCommand.FULL_NAME);
        out.println();
        out.println("        Drives a Newts-style write pipeline (generator, ring buffer, writers, indexer) against a");
        out.println("        Cassandra or ScyllaDB cluster and reports whether it keeps up. Runs until --duration ends or");
        out.println("        Ctrl-C, then drains and prints a summary. One run at a time.");
        out.println();
        out.println("SYNTAX");
        out.println("        " + StressCommand.FULL_NAME + " [options]");
        out.println();
        out.println("OPTIONS");
        StressCommandLine parser = new StressCommandLine();
        out.print(StressCommandLine.optionsHelp(parser.command(StressCommand.FULL_NAME, StressOptions.all())));
        out.println();
        out.println("ENVIRONMENT (of the Karaf process)");
        for (StressOptions.EnvSetting e : StressOptions.environment()) {
            out.println("  " + e.name() + "  " + e.help());
        }
        out.println();
        out.println("SETTINGS");
        out.println("  " + AdminSettings.FILE + " (PID " + AdminSettings.PID + "): any option by its long name without");
        out.println("  the dashes, e.g. contact-points = db1:9042,db2:9042 (a flag: true or false). Typed options win.");
        if (settings.isEmpty()) {
            out.println("  (nothing set)");
        }
        settings.forEach((key, value) -> out.println("  " + key + " = " + shown(key, value)));
    }

    /** Secrets are never printed: a password only as set, a Redis URI without its user info. */
    private static String shown(String key, String value) {
        if (key.equals("password")) {
            return "(set)";
        }
        if (key.equals("redis")) {
            try {
                return ConfigView.redacted(URI.create(value));
            } catch (IllegalArgumentException e) {
                return "(not a URI)";
            }
        }
        return value;
    }
}
