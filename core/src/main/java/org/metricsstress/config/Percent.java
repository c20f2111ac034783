package org.metricsstress.config;

import java.util.Optional;

/**
 * A share as users write it: a percentage ({@code 5%}) or a fraction ({@code 0.05}), held as the
 * fraction. The one reading of that grammar; each option that takes one says its own range
 * ({@code --verify-after}'s share up to all, find-max's {@code --precision}, compare's
 * {@code --max-regression}).
 */
public record Percent(double fraction) {

    /** {@code text} as a percentage or a fraction; empty when it is neither. */
    public static Optional<Percent> read(String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        try {
            double v = Double.parseDouble(percent ? t.substring(0, t.length() - 1).trim() : t);
            return Optional.of(new Percent(percent ? v / 100 : v));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** True when the share is a number at all (not NaN, not infinite). */
    public boolean finite() {
        return Double.isFinite(fraction);
    }
}
