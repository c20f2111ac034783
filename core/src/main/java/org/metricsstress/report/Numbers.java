package org.metricsstress.report;

import java.util.Locale;

/** Number formatting shared by the console outputs. */
final class Numbers {
    private Numbers() {}

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    static String ms(double ms) {
        if (ms >= 100) {
            return String.format(Locale.ROOT, "%.0f", ms);
        }
        return String.format(Locale.ROOT, "%.2f", ms);
    }
}
