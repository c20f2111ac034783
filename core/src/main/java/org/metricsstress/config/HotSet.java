package org.metricsstress.config;

/**
 * A skewed choice of resources to read, as dashboards read them: {@code resources} of them (a
 * fraction) get {@code reads} of the reads, e.g. {@code 10%:90%}.
 */
public record HotSet(double resources, double reads) {
    static HotSet parse(String option, String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new ConfigException(option + ": '" + text + "' is not RESOURCES%:READS% (e.g. 10%:90%)");
        }
        double resources = Parse.share(option, text.substring(0, colon));
        double reads = Parse.share(option, text.substring(colon + 1));
        if (resources >= 1 || reads >= 1) {
            throw new ConfigException(option + ": both shares must be below 100% (e.g. 10%:90%), got " + text);
        }
        return new HotSet(resources, reads);
    }

    @Override
    public String toString() {
        return pct(resources) + ":" + pct(reads);
    }

    private static String pct(double v) {
        double p = v * 100;
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
    }
}
