package org.metricsstress.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A stepped profile as the field tests run them: the whole plan's rate (samples/s of all
 * instances together) held for a while, then the next, e.g. {@code 50k:30m,80k:30m,100k:30m}.
 * The plan's shape stays; each step sets how fast its intervals are paced.
 *
 * @param text  the profile as given, for results and help
 * @param steps in order
 */
public record RateSteps(String text, List<Step> steps) {
    /** One step: {@code samplesPerSecond} of the whole plan for {@code duration}. */
    public record Step(double samplesPerSecond, Duration duration) {}

    static RateSteps parse(String option, String text) {
        List<Step> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int colon = p.indexOf(':');
            if (colon < 0) {
                throw new ConfigException(option + ": '" + p + "' is not RATE:DURATION (e.g. 50k:30m)");
            }
            out.add(new Step(rate(option, p.substring(0, colon)), Parse.duration(option, p.substring(colon + 1))));
        }
        for (Step s : out) {
            if (s.duration().isZero()) {
                throw new ConfigException(option + ": a step must last more than 0");
            }
        }
        return new RateSteps(text.trim(), List.copyOf(out));
    }

    /** Samples per second, with an optional {@code k} (thousands) or {@code M} (millions). */
    private static double rate(String option, String text) {
        String t = text.trim();
        double scale = 1;
        if (t.endsWith("k") || t.endsWith("K")) {
            scale = 1e3;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("M")) {
            scale = 1e6;
            t = t.substring(0, t.length() - 1);
        }
        try {
            double v = Double.parseDouble(t) * scale;
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new ConfigException(option + ": '" + text.trim() + "' is not a rate in samples/s (e.g. 50000 or 50k)");
        }
    }

    /** All steps together. */
    public Duration total() {
        return steps.stream().map(Step::duration).reduce(Duration.ZERO, Duration::plus);
    }

    @Override
    public String toString() {
        return text;
    }

    /** How a step is named in output: {@code 80,000 samples/s for 30m}. */
    public static String describe(Step s) {
        return String.format(Locale.ROOT, "%,.0f samples/s for %s", s.samplesPerSecond(), Parse.format(s.duration()));
    }
}
