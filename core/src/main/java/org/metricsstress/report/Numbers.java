package org.metricsstress.report;

import java.util.Locale;
import org.metricsstress.result.ClientSummary;

/**
 * Number formatting shared by the console outputs and the HTML report. The {@code OrDash} forms
 * are the page's: a value not measured (NaN, infinite, negative) shows as a dash, never as "NaN".
 */
final class Numbers {
    static final String DASH = "–";

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

    static String msOrDash(double v) {
        return Double.isFinite(v) && v >= 0 ? ms(v) : DASH;
    }

    static String rateOrDash(double v) {
        return Double.isFinite(v) && v >= 0 ? rate(v) : DASH;
    }

    static String fixedOrDash(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,." + decimals + "f", v) : DASH;
    }

    /** Whole MiB, "?" when the JVM could not say. */
    static String mib(long bytes) {
        return bytes < 0 ? "?" : count(bytes >> 20);
    }

    /** A whole number without decimals (grouped from 10,000), any other as Java writes it. */
    static String plain(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Math.abs(d) >= 10_000 ? count((long) d) : Long.toString((long) d);
        }
        return String.valueOf(d);
    }

    /**
     * Bytes on the wire in both directions, per sample written and as a rate over the run: what
     * the field measured on its switches. Null when the run did not record them.
     */
    static String network(ClientSummary c, long written, double seconds) {
        if (c == null || c.bytesSent() <= 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%s sent (%.1f bytes per sample, %.1f Mbit/s), %s received (%.1f bytes per"
                        + " sample, %.1f Mbit/s)", mb(c.bytesSent()), ClientSummary.perSample(c.bytesSent(), written),
                mbits(c.bytesSent(), seconds), mb(Math.max(0, c.bytesReceived())),
                ClientSummary.perSample(Math.max(0, c.bytesReceived()), written), mbits(Math.max(0, c.bytesReceived()), seconds));
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    private static double mbits(long bytes, double seconds) {
        return seconds > 0 ? bytes * 8 / 1e6 / seconds : 0;
    }
}
