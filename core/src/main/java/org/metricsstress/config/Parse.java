package org.metricsstress.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses option values. Every failure is a {@link ConfigException} that names the option, the
 * value and what is allowed, so the user sees one precise line.
 */
public final class Parse {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d)?");
    private static final Pattern USER_INFO = Pattern.compile("://[^@\\s]*@");

    private Parse() {}

    public static int positiveInt(String option, String value) {
        int v = anInt(option, value);
        if (v <= 0) {
            throw new ConfigException(option + ": must be at least 1, got " + value);
        }
        return v;
    }

    public static int nonNegativeInt(String option, String value) {
        int v = anInt(option, value);
        if (v < 0) {
            throw new ConfigException(option + ": must be 0 or more, got " + value);
        }
        return v;
    }

    /** {@code 4,8,16}: at least one positive whole number. */
    public static List<Integer> positiveInts(String option, String value) {
        List<Integer> out = new ArrayList<>();
        for (String part : value.split(",")) {
            out.add(positiveInt(option, part.trim()));
        }
        return List.copyOf(out);
    }

    public static long positiveLong(String option, String value) {
        long v = aLong(option, value);
        if (v < 1) {
            throw new ConfigException(option + ": must be at least 1, got " + value);
        }
        return v;
    }

    public static long aLong(String option, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(option + ": '" + value + "' is not a whole number");
        }
    }

    public static double positiveDouble(String option, String value) {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(option + ": '" + value + "' is not a number");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new ConfigException(option + ": must be a number above 0, got " + value);
        }
        return v;
    }

    /**
     * A duration: a whole number with an optional unit {@code ms, s, m, h, d}; a bare number means
     * seconds (the OpenNMS command takes seconds), so {@code -i 300} and {@code -i 5m} agree.
     */
    public static Duration duration(String option, String value) {
        Matcher m = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new ConfigException(option + ": '" + value
                    + "' is not a duration (a whole number with unit ms, s, m, h or d, e.g. 90s, 10m; a bare number is seconds)");
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new ConfigException(option + ": '" + value + "' is too large");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        try {
            return switch (unit) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                case "d" -> Duration.ofDays(n);
                default -> throw new IllegalStateException(unit);
            };
        } catch (ArithmeticException e) {
            throw new ConfigException(option + ": '" + value + "' is too large");
        }
    }

    public static boolean bool(String option, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new ConfigException(option + ": '" + value + "' is not true or false");
        };
    }

    public static <E extends Enum<E>> E oneOf(String option, String value, Class<E> type) {
        for (E e : type.getEnumConstants()) {
            // Words of a constant are joined with '-' on the command line (foreign-source), '_' in Java.
            if (e.name().replace('_', '-').equalsIgnoreCase(value.trim().replace('_', '-'))) {
                return e;
            }
        }
        throw new ConfigException(option + ": '" + value + "' is not one of " + names(type));
    }

    public static <E extends Enum<E>> String names(Class<E> type) {
        StringBuilder sb = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        return sb.toString();
    }

    /**
     * A point in time: an ISO-8601 instant or offset date-time ({@code 2026-11-23T16:00:00Z},
     * {@code 2026-11-23T17:00:00+01:00}) or whole epoch seconds.
     */
    public static Instant instant(String option, String value) {
        String t = value.trim();
        try {
            if (t.matches("\\d{1,12}")) {
                return Instant.ofEpochSecond(Long.parseLong(t));
            }
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException e) {
            throw new ConfigException(option + ": '" + value + "' is not a time (ISO-8601 such as "
                    + "2026-11-23T16:00:00Z, or epoch seconds)");
        }
    }

    /** {@code all}, a percentage ({@code 5%}) or a fraction ({@code 0.05}), as a fraction in (0, 1]. */
    public static double share(String option, String value) {
        String t = value.trim();
        if (t.equalsIgnoreCase("all")) {
            return 1.0;
        }
        double v = Percent.read(t).map(Percent::fraction).orElse(Double.NaN);
        if (!(v > 0) || v > 1) {
            throw new ConfigException(option + ": '" + value + "' is not a share: all, a percentage up to 100% "
                    + "(e.g. 1%) or a fraction up to 1");
        }
        return v;
    }

    /** find-max's --precision: a percentage or a fraction between 0.1% and 50%, as a fraction. */
    public static double precision(String option, String value) {
        double v = Percent.read(value).orElseThrow(
                () -> new ConfigException(option + ": '" + value + "' is not a share such as 5% or 0.05")).fraction();
        if (!(v >= 0.001 && v <= 0.5)) {
            throw new ConfigException(option + ": must be between 0.1% and 50% (e.g. 5% or 0.05), got " + value);
        }
        return v;
    }

    /** compare's --max-regression: a percentage or a fraction, not negative, as a fraction. */
    public static double regressionBound(String option, String value) {
        return Percent.read(value).filter(p -> p.finite() && p.fraction() >= 0).orElseThrow(
                () -> new ConfigException(option + ": '" + value
                        + "' is not a percentage such as 5% (or a fraction such as 0.05)")).fraction();
    }

    /** Human form of a duration in the same grammar {@link #duration} reads. */
    public static String format(Duration d) {
        if (d == null) {
            return "none";
        }
        long ms = d.toMillis();
        if (ms % 86_400_000L == 0 && ms > 0) {
            return ms / 86_400_000L + "d";
        }
        if (ms % 3_600_000L == 0 && ms > 0) {
            return ms / 3_600_000L + "h";
        }
        if (ms % 60_000L == 0 && ms > 0) {
            return ms / 60_000L + "m";
        }
        if (ms % 1000L == 0) {
            return ms / 1000L + "s";
        }
        return ms + "ms";
    }

    /** An http(s) URL; what it must look like beyond that is its section's to say. */
    public static URI httpUrl(String option, String value) {
        try {
            URI uri = new URI(value.trim());
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new ConfigException(option + ": an http:// or https:// URL such as "
                        + "http://127.0.0.1:9090/api/v1/write, got " + value.trim());
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw new ConfigException(option + ": not a URL: " + value.trim());
        }
    }

    /** A Redis URI: redis:// or rediss:// (TLS), a host, an optional port and /db index. */
    public static URI redisUri(String option, String value) {
        // The user-info may hold a password: no message repeats it.
        String shown = withoutUserInfo(value.trim());
        URI uri;
        try {
            uri = new URI(value.trim());
        } catch (URISyntaxException e) {
            throw new ConfigException(option + ": '" + shown + "' is not a URI (e.g. redis://127.0.0.1:6379/0)");
        }
        if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme())) {
            throw new ConfigException(option + ": the scheme must be redis:// or rediss:// (TLS), got '" + shown + "'");
        }
        if (uri.getHost() == null) {
            throw new ConfigException(option + ": no host in '" + shown + "'");
        }
        String path = uri.getPath();
        if (path != null && !path.isEmpty() && !path.equals("/") && !path.matches("/\\d{1,2}")) {
            throw new ConfigException(option + ": the path must be a database number such as /0, got '" + path + "'");
        }
        return uri;
    }

    /**
     * {@code text} with whatever stands between {@code ://} and the next {@code @} replaced by
     * {@code ***}: a URI's user-info, which may hold a password, even in a URI that does not parse.
     */
    public static String withoutUserInfo(String text) {
        return USER_INFO.matcher(text).replaceAll("://***@");
    }

    private static int anInt(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(option + ": '" + value + "' is not a whole number");
        }
    }
}
