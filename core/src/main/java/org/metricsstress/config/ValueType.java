package org.metricsstress.config;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.time.Instant;

/**
 * How an option's text becomes a typed value and back: the parser every front end uses, the form
 * a default is shown in (help, docs/options.md, Karaf), and the form a setting takes in a result file.
 * Parsing fails with a one-line {@link ConfigException} that names the option.
 *
 * @param <T> the value's type
 */
public final class ValueType<T> {
    /** Reads one option's text. */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(String option, String text);
    }

    public static final ValueType<Boolean> FLAG = new ValueType<>(Parse::bool, String::valueOf, v -> v);
    public static final ValueType<Integer> POSITIVE_INT = number(Parse::positiveInt);
    public static final ValueType<Integer> NON_NEGATIVE_INT = number(Parse::nonNegativeInt);
    public static final ValueType<Long> POSITIVE_LONG = number(Parse::positiveLong);
    public static final ValueType<Long> WHOLE_NUMBER = number(Parse::aLong);
    public static final ValueType<Double> POSITIVE_NUMBER = new ValueType<>(Parse::positiveDouble,
            ValueType::plain, v -> v);
    public static final ValueType<Integer> PORT = number((option, text) -> {
        int port = Parse.positiveInt(option, text);
        if (port > 65535) {
            throw new ConfigException(option + ": a port from 1 to 65535, got " + text);
        }
        return port;
    });
    /** A count, or {@code auto} (held as 0) when the harness is to find it itself. */
    public static final ValueType<Integer> POSITIVE_INT_OR_AUTO = new ValueType<>(
            (option, text) -> "auto".equalsIgnoreCase(text.trim()) ? 0 : Parse.positiveInt(option, text),
            v -> v == 0 ? "auto" : String.valueOf(v), v -> v == 0 ? "auto" : v);
    /** A retry count, or {@code driver} (held as -1): the driver's own retry policy decides. */
    public static final ValueType<Integer> RETRIES = new ValueType<>(
            (option, text) -> "driver".equalsIgnoreCase(text.trim()) ? ClusterSection.DRIVER_RETRIES
                    : Parse.nonNegativeInt(option, text),
            v -> v == ClusterSection.DRIVER_RETRIES ? "driver" : String.valueOf(v),
            v -> v == ClusterSection.DRIVER_RETRIES ? "driver" : v);
    public static final ValueType<Duration> DURATION = text(Parse::duration, Parse::format);
    /** Positive whole numbers, comma-separated: {@code 4,8,16}. */
    public static final ValueType<List<Integer>> POSITIVE_INTS = text(Parse::positiveInts,
            l -> l.stream().map(String::valueOf).collect(Collectors.joining(",")));
    /** A duration shown in whole seconds (the unit Cassandra takes, e.g. a TTL). */
    public static final ValueType<Duration> SECONDS = text(Parse::duration, d -> d.getSeconds() + "s");
    public static final ValueType<String> TEXT = text((option, text) -> text.trim(), v -> v);
    public static final ValueType<Path> PATH = text((option, text) -> Path.of(text), Path::toString);
    /**
     * Files, the option given once per file ({@code --from a.json --from b.json}); the parsers give
     * the front end every value. Held here as one path per entry.
     */
    public static final ValueType<List<Path>> PATHS = text((option, text) -> List.of(Path.of(text)),
            l -> l.stream().map(Path::toString).collect(Collectors.joining(" ")));
    /**
     * Files, several after the option once ({@code --vs b1.json b2.json}), up to the next option; held
     * as one path per entry, as {@link #PATHS}.
     */
    public static final ValueType<List<Path>> FILES = text((option, text) -> List.of(Path.of(text)),
            l -> l.stream().map(Path::toString).collect(Collectors.joining(" ")));
    public static final ValueType<List<ContactPoint>> CONTACT_POINTS = text(ContactPoint::parseList,
            l -> l.stream().map(ContactPoint::toString).collect(Collectors.joining(",")));
    public static final ValueType<Replication> REPLICATION = text(Replication::parse, Replication::toString);
    /** {@code I/N}, or a bare index whose count comes from {@code --instances}. */
    public static final ValueType<Instance> INSTANCE = text(Instance::parse, Instance::toString);
    /** An instant, shown and kept in results as ISO-8601 UTC. */
    public static final ValueType<Instant> INSTANT = text(Parse::instant, Instant::toString);
    /** A share of something: {@code all}, {@code 5%} or a fraction such as {@code 0.05}; kept as a fraction in (0, 1]. */
    public static final ValueType<Double> SHARE = new ValueType<>(Parse::share,
            v -> v >= 1 ? "all" : plain(v * 100) + "%", v -> v);
    /** find-max's --precision: {@code 5%} or {@code 0.05}, between 0.1% and 50%; kept as a fraction. */
    public static final ValueType<Double> PRECISION = new ValueType<>(Parse::precision, ValueType::percent, v -> v);
    /** compare's --max-regression: {@code 5%} or {@code 0.05}, not negative; kept as a fraction. */
    public static final ValueType<Double> REGRESSION_BOUND = new ValueType<>(Parse::regressionBound,
            ValueType::percent, v -> v);
    public static final ValueType<HotSet> HOT_SET = text(HotSet::parse, HotSet::toString);
    public static final ValueType<RateSteps> RATE_STEPS = text(RateSteps::parse, RateSteps::text);
    public static final ValueType<URI> HTTP_URL = text(Parse::httpUrl, ValueType::redacted);
    public static final ValueType<WriterPaths> WRITER_PATHS = text(WriterPaths::parse, WriterPaths::text);
    public static final ValueType<Sla> SLA = text(Sla::parse, Sla::expression);
    /** Shown without its user info, which may hold a password. */
    public static final ValueType<URI> REDIS_URI = text(Parse::redisUri, ValueType::redacted);
    /** The value is the first line of the named file: a password kept out of ps and history. */
    public static final ValueType<String> SECRET_FILE = text(ValueType::firstLine, v -> "(set)");

    private final Parser<T> parser;
    private final Function<T, String> shown;
    private final Function<T, Object> inResult;

    private ValueType(Parser<T> parser, Function<T, String> shown, Function<T, Object> inResult) {
        this.parser = parser;
        this.shown = shown;
        this.inResult = inResult;
    }

    private static <T extends Number> ValueType<T> number(Parser<T> parser) {
        return new ValueType<>(parser, String::valueOf, v -> v);
    }

    private static <T> ValueType<T> text(Parser<T> parser, Function<T, String> shown) {
        return new ValueType<>(parser, shown, shown::apply);
    }

    /** An enum, typed and shown in lower case ({@code drop|block}). */
    public static <E extends Enum<E>> ValueType<E> oneOf(Class<E> type) {
        return text((option, text) -> Parse.oneOf(option, text, type), e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }

    public T parse(String option, String text) {
        return parser.parse(option, text);
    }

    /** The value as a user would type it. */
    public String show(T value) {
        return shown.apply(value);
    }

    /** The value as a result file holds it: numbers and booleans as such, the rest as typed. */
    public Object inResult(T value) {
        return inResult.apply(value);
    }

    /** A URI without its user-info, which may hold a password. */
    public static String redacted(URI uri) {
        if (uri == null) {
            return null;
        }
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() >= 0 ? ":" + uri.getPort() : "")
                + (uri.getPath() == null ? "" : uri.getPath());
    }

    /** A fraction as a percentage, without the binary fraction's noise (0.05 is 5%, not 5.000000000000001%). */
    private static String percent(double fraction) {
        return plain(Math.round(fraction * 1e8) / 1e6) + "%";
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String firstLine(String option, String file) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
            if (lines.isEmpty() || lines.get(0).isEmpty()) {
                throw new ConfigException(option + ": " + file + " is empty");
            }
            return lines.get(0);
        } catch (IOException e) {
            throw new ConfigException(option + ": cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
        }
    }
}
