package org.metricsstress.writer.tss.receiver;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads a run's samples back from a receiver and holds every series to the plan: its count and
 * each value. Raw samples only, each receiver's way, past the traps of its query API:
 * <ul>
 * <li>Prometheus: an instant query of a range selector ({@code name{...}[Ns]}) at an explicit
 * {@code time=} (the range's end) returns the raw samples, untouched by the 5-minute lookback;
 * one metric name (or shard) per query keeps it far from {@code --query.max-samples}.
 * <li>VictoriaMetrics: {@code /api/v1/export} with {@code start} and {@code end}: raw and exact.
 * Measured on 1.79.5: export is NOT held back by {@code -search.latencyOffset} (samples written a
 * second ago come back; only {@code /api/v1/query} hides the last 30 s), but rows reach search only
 * when VictoriaMetrics flushes its in-memory buffer, about every second: an export right after the
 * writes returned nothing for up to 3 s. So the read-back first asks {@code /internal/force_flush}
 * (on 1.79.5 an export right after it returned every sample). One name per query, and for a name of
 * more than {@link #SERIES_PER_QUERY} series one query per resourceId-prefix shard, keeps each
 * under {@code -search.maxUniqueTimeseries}.
 * </ul>
 */
public final class ReceiverReadBack {
    /** The mismatches a report keeps; all are counted. */
    public static final int REPORTED = 20;
    static final int SERIES_PER_QUERY = 25_000;
    /**
     * VictoriaMetrics stores values as decimals, a block of samples sharing one exponent, so a value
     * read back is the written one to about 13 significant digits (measured on 1.79.5:
     * 507.7662857142857 came back 507.7662857142), and less beside a much larger value in its block
     * (1/3 next to 1.2e16 came back 0.33). A value within this share of the larger of the two is
     * taken as the value written; Prometheus gives back the exact double.
     */
    public static final double DEFAULT_RELATIVE_TOLERANCE = 1e-9;

    private static final JsonFactory JSON = new JsonFactory();

    private final URI readUrl;
    private final Duration timeout;
    private final double tolerance;
    private final HttpClient http;

    /** @param readUrl the plugin's readUrl, {@code http://host:port/api/v1} */
    public ReceiverReadBack(URI readUrl, Duration queryTimeout, double relativeTolerance) {
        String s = readUrl.toString();
        this.readUrl = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
        this.timeout = queryTimeout;
        this.tolerance = relativeTolerance;
        this.http = HttpClient.newBuilder().connectTimeout(queryTimeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    public ReceiverReadBack(URI readUrl) {
        this(readUrl, Duration.ofMinutes(2), DEFAULT_RELATIVE_TOLERANCE);
    }

    /** Reads every name of the plan back and holds each series to it. */
    public ReadBackReport check(ReadBackPlan plan) throws IOException {
        ReceiverKind kind = new ReceiverFigures(readUrl, timeout).read().kind();
        if (kind == ReceiverKind.VICTORIAMETRICS) {
            forceFlush();
        }
        Tally tally = new Tally(plan);
        int queries = 0;
        for (String name : plan.metricNames()) {
            Collection<String> expected = plan.resourceIdsOf().apply(name);
            List<String> ids = new ArrayList<>(new TreeSet<>(expected));
            tally.expect(name, ids);
            for (String shard : PrefixShards.of(ids, SERIES_PER_QUERY)) {
                String selector = selector(name, plan.resourceIdRegex(), shard);
                if (kind == ReceiverKind.PROMETHEUS) {
                    queryPrometheus(selector, plan, tally);
                } else {
                    export(selector, plan, tally);
                }
                queries++;
            }
        }
        return tally.report(kind, queries);
    }

    static String selector(String name, String resourceIdRegex, String shard) {
        StringBuilder b = new StringBuilder("{__name__=\"").append(promString(name)).append('"');
        if (resourceIdRegex != null) {
            b.append(",resourceId=~\"").append(promString(resourceIdRegex)).append('"');
        }
        if (!shard.equals(".*")) {
            b.append(",resourceId=~\"").append(promString(shard)).append('"');
        }
        return b.append('}').toString();
    }

    /** A PromQL string literal's content: backslashes and quotes escaped. */
    private static String promString(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private void queryPrometheus(String selector, ReadBackPlan plan, Tally tally) throws IOException {
        long rangeSeconds = (plan.endMillis() - plan.startMillis()) / 1000 + 2;
        String form = "query=" + enc(selector + "[" + rangeSeconds + "s]")
                + "&time=" + enc(String.format(Locale.ROOT, "%.3f", plan.endMillis() / 1000.0));
        try (InputStream in = post(readUrl + "/query", form); JsonParser p = JSON.createParser(in)) {
            String status = null;
            String error = null;
            expect(p.nextToken(), JsonToken.START_OBJECT, "the answer");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "status" -> status = p.getText();
                    case "error" -> error = p.getText();
                    case "data" -> readData(p, tally);
                    default -> p.skipChildren();
                }
            }
            if (!"success".equals(status)) {
                throw new IOException("Prometheus refused " + selector + ": " + error);
            }
        }
    }

    private static void readData(JsonParser p, Tally tally) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            if (!field.equals("result")) {
                p.skipChildren();
                continue;
            }
            expect(p.currentToken(), JsonToken.START_ARRAY, "data.result");
            while (p.nextToken() == JsonToken.START_OBJECT) {
                Tally.Series series = null;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    p.nextToken();
                    if (f.equals("metric")) {
                        series = tally.series(labels(p));
                    } else if (f.equals("values") && series != null) {
                        // [[1796163830.147, "0"], ...]: seconds with milliseconds, the value as text.
                        while (p.nextToken() == JsonToken.START_ARRAY) {
                            p.nextToken();
                            long ts = Math.round(p.getDoubleValue() * 1000);
                            p.nextToken();
                            series.sample(ts, promValue(p.getText()));
                            p.nextToken();
                        }
                    } else {
                        p.skipChildren();
                    }
                }
            }
        }
    }

    private void export(String selector, ReadBackPlan plan, Tally tally) throws IOException {
        String form = "match[]=" + enc(selector)
                + "&start=" + enc(String.format(Locale.ROOT, "%.3f", plan.startMillis() / 1000.0))
                + "&end=" + enc(String.format(Locale.ROOT, "%.3f", plan.endMillis() / 1000.0));
        // One JSON object a line; a series may come in several lines (one per stored block).
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(post(readUrl + "/export", form),
                StandardCharsets.UTF_8))) {
            String line;
            double[] values = new double[64];
            while ((line = lines.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                try (JsonParser p = JSON.createParser(line)) {
                    expect(p.nextToken(), JsonToken.START_OBJECT, "an export line");
                    Tally.Series series = null;
                    int n = 0;
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String f = p.currentName();
                        p.nextToken();
                        switch (f) {
                            case "metric" -> series = tally.series(labels(p));
                            case "values" -> {
                                n = 0;
                                while (p.nextToken() != JsonToken.END_ARRAY) {
                                    if (n == values.length) {
                                        values = Arrays.copyOf(values, n * 2);
                                    }
                                    values[n++] = p.currentToken() == JsonToken.VALUE_STRING
                                            ? promValue(p.getText()) : p.getDoubleValue();
                                }
                            }
                            case "timestamps" -> {
                                int i = 0;
                                while (p.nextToken() != JsonToken.END_ARRAY) {
                                    if (series != null && i < n) {
                                        series.sample(p.getLongValue(), values[i]);
                                    }
                                    i++;
                                }
                            }
                            default -> p.skipChildren();
                        }
                    }
                }
            }
        }
    }

    private void forceFlush() {
        HttpRequest r = HttpRequest.newBuilder(ReceiverFigures.base(readUrl).resolve("/internal/force_flush"))
                .timeout(timeout).GET().build();
        try {
            http.send(r, HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // An older VictoriaMetrics without it flushes within a second or so on its own.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private InputStream post(String url, String form) throws IOException {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(r, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + url);
        }
        if (response.statusCode() != 200) {
            String body;
            try (InputStream in = response.body()) {
                body = new String(in.readNBytes(500), StandardCharsets.UTF_8).strip();
            }
            throw new IOException(url + " answered HTTP " + response.statusCode() + ": " + body.replace('\n', ' '));
        }
        return response.body();
    }

    private static Map<String, String> labels(JsonParser p) throws IOException {
        Map<String, String> labels = new HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String k = p.currentName();
            p.nextToken();
            labels.put(k, p.getText());
        }
        return labels;
    }

    private static double promValue(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    private static void expect(JsonToken got, JsonToken wanted, String what) throws IOException {
        if (got != wanted) {
            throw new IOException("unexpected JSON in " + what + ": " + got);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** Whether {@code read} is the value written, within the tolerance. */
    boolean same(double expected, double read) {
        if (Double.isNaN(expected) || Double.isNaN(read)) {
            return Double.isNaN(expected) && Double.isNaN(read);
        }
        if (expected == read) {
            return true;
        }
        return Math.abs(expected - read) <= tolerance * Math.max(Math.abs(expected), Math.abs(read));
    }

    /** Every series' count and values as they come back, keyed by name and resourceId. */
    private final class Tally {
        private final ReadBackPlan plan;
        private final Map<String, Map<String, Series>> byName = new HashMap<>();
        private long expectedSeries;

        Tally(ReadBackPlan plan) {
            this.plan = plan;
        }

        void expect(String name, List<String> ids) {
            Map<String, Series> m = byName.computeIfAbsent(name, n -> new HashMap<>());
            for (String id : ids) {
                m.computeIfAbsent(id, i -> new Series(name, i));
            }
            expectedSeries += ids.size();
        }

        Series series(Map<String, String> labels) {
            String name = labels.getOrDefault("__name__", "");
            String id = labels.getOrDefault("resourceId", "");
            return byName.computeIfAbsent(name, n -> new HashMap<>()).computeIfAbsent(id, i -> new Series(name, i));
        }

        ReadBackReport report(ReceiverKind kind, int queries) {
            long read = 0;
            long samples = 0;
            long mismatched = 0;
            List<SeriesMismatch> first = new ArrayList<>();
            // Names in the plan's order and ids sorted: the same run reports the same first 20.
            for (String name : plan.metricNames()) {
                Map<String, Series> m = byName.getOrDefault(name, Map.of());
                for (String id : new TreeSet<>(m.keySet())) {
                    Series s = m.get(id);
                    if (s.count > 0) {
                        read++;
                        samples += s.count;
                    }
                    SeriesMismatch x = s.mismatch(plan.counts().count(id, name));
                    if (x != null) {
                        mismatched++;
                        if (first.size() < REPORTED) {
                            first.add(x);
                        }
                    }
                }
            }
            return new ReadBackReport(kind, expectedSeries, read, samples, mismatched, first, queries);
        }

        final class Series {
            private final String name;
            private final String resourceId;
            private long count;
            private long wrong;
            private long firstWrongMillis;
            private double firstExpected;
            private double firstRead;

            Series(String name, String resourceId) {
                this.name = name;
                this.resourceId = resourceId;
            }

            void sample(long tsMillis, double value) {
                if (tsMillis < plan.startMillis() || tsMillis > plan.endMillis()) {
                    return;
                }
                count++;
                double expected = plan.values().value(resourceId, name, tsMillis);
                if (!same(expected, value)) {
                    if (wrong++ == 0) {
                        firstWrongMillis = tsMillis;
                        firstExpected = expected;
                        firstRead = value;
                    }
                }
            }

            SeriesMismatch mismatch(long expected) {
                SeriesMismatch.Problem problem;
                if (count == expected && wrong == 0) {
                    return null;
                } else if (count == expected) {
                    problem = SeriesMismatch.Problem.WRONG_VALUES;
                } else if (expected == 0) {
                    problem = SeriesMismatch.Problem.UNEXPECTED;
                } else if (count == 0) {
                    problem = SeriesMismatch.Problem.MISSING;
                } else {
                    problem = count < expected ? SeriesMismatch.Problem.FEWER_SAMPLES : SeriesMismatch.Problem.MORE_SAMPLES;
                }
                return new SeriesMismatch(name, resourceId, problem, expected, count, wrong,
                        wrong == 0 ? 0 : firstWrongMillis, wrong == 0 ? Double.NaN : firstExpected,
                        wrong == 0 ? Double.NaN : firstRead);
            }
        }
    }
}
