package org.metricsstress.writer.tss.receiver;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads a receiver's own figures from its {@code GET /metrics} (Prometheus' text exposition), the
 * few lines wanted and no others; which receiver answers is told by the names it exposes.
 */
public final class ReceiverFigures {
    private static final String PROM_HEAD_SERIES = "prometheus_tsdb_head_series";
    private static final String PROM_APPENDED = "prometheus_tsdb_head_samples_appended_total";
    private static final String PROM_CREATED = "prometheus_tsdb_head_series_created_total";
    private static final String PROM_OUT_OF_ORDER = "prometheus_tsdb_out_of_order_samples_total";
    private static final String PROM_OUT_OF_BOUNDS = "prometheus_tsdb_out_of_bound_samples_total";
    private static final String PROM_TOO_OLD = "prometheus_tsdb_too_old_samples_total";
    private static final String VM_INSERTED = "vm_rows_inserted_total";
    private static final String VM_REMOTE_WRITE = "type=\"promremotewrite\"";
    private static final String VM_NEW_SERIES = "vm_new_timeseries_created_total";
    private static final String VM_SLOW = "vm_slow_row_inserts_total";
    private static final String VM_LIMIT = "vm_concurrent_insert_limit_reached_total";
    private static final String VM_ADDED = "vm_rows_added_to_storage_total";
    private static final String VM_VERSION = "vm_app_version";
    private static final String CPU = "process_cpu_seconds_total";
    private static final String RSS = "process_resident_memory_bytes";
    private static final Set<String> WANTED = Set.of(PROM_HEAD_SERIES, PROM_APPENDED, PROM_CREATED, PROM_OUT_OF_ORDER,
            PROM_OUT_OF_BOUNDS, PROM_TOO_OLD, VM_INSERTED, VM_NEW_SERIES, VM_SLOW, VM_LIMIT, VM_ADDED, VM_VERSION, CPU, RSS);

    private final URI metrics;
    private final Duration timeout;
    private final HttpClient http;

    /** @param url the receiver's base, or its write or read URL ({@code .../api/v1/write}, {@code .../api/v1}) */
    public ReceiverFigures(URI url, Duration timeout) {
        this.metrics = base(url).resolve("/metrics");
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** Where the receiver's own pages are: the URL without its API path. */
    static URI base(URI url) {
        String path = url.getPath() == null ? "" : url.getPath();
        for (String api : new String[] {"/prometheus/api/", "/api/"}) {
            int at = path.indexOf(api);
            if (at >= 0) {
                path = path.substring(0, at);
                break;
            }
        }
        return URI.create(url.getScheme() + "://" + url.getRawAuthority() + path + "/");
    }

    /** The bound of one reading. */
    public Duration timeout() {
        return timeout;
    }

    /** The page's address, for messages. */
    public URI metricsUrl() {
        return metrics;
    }

    /**
     * One reading, within the timeout: a receiver that stops answering (SIGSTOP) costs the caller
     * one timeout, and the request is cancelled, so no thread stays blocked on it.
     */
    public ReceiverReading read() throws IOException {
        HttpRequest request = HttpRequest.newBuilder(metrics).timeout(timeout).GET().build();
        CompletableFuture<HttpResponse<String>> call = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> response;
        try {
            response = call.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw stalled();
        } catch (ExecutionException e) {
            // The client's own bound (the request's timeout) may be the first to fire.
            if (e.getCause() instanceof HttpTimeoutException) {
                throw stalled();
            }
            throw new IOException(metrics + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + metrics);
        }
        if (response.statusCode() != 200) {
            throw new IOException(metrics + " answered HTTP " + response.statusCode());
        }
        return parse(response.body(), System.currentTimeMillis());
    }

    private IOException stalled() {
        return new IOException(metrics + " did not answer within " + timeout.toMillis() + " ms");
    }

    /** The reading in an exposition page; an IOException when neither receiver's names are in it. */
    static ReceiverReading parse(String page, long atMillis) throws IOException {
        Map<String, Double> sums = new HashMap<>();
        double remoteWriteRows = Double.NaN;
        int from = 0;
        while (from < page.length()) {
            int end = page.indexOf('\n', from);
            if (end < 0) {
                end = page.length();
            }
            String line = page.substring(from, end);
            from = end + 1;
            if (line.isEmpty() || line.charAt(0) == '#') {
                continue;
            }
            int brace = line.indexOf('{');
            int space = line.indexOf(' ');
            int nameEnd = brace >= 0 && (space < 0 || brace < space) ? brace : space;
            if (nameEnd <= 0 || !WANTED.contains(line.substring(0, nameEnd))) {
                continue;
            }
            String name = line.substring(0, nameEnd);
            int labelsEnd = nameEnd == brace ? closingBrace(line, brace) : nameEnd;
            if (labelsEnd < 0) {
                continue;
            }
            double value = value(line, labelsEnd + 1);
            if (Double.isNaN(value)) {
                continue;
            }
            if (name.equals(VM_INSERTED) && line.substring(nameEnd, labelsEnd).contains(VM_REMOTE_WRITE)) {
                remoteWriteRows = value;
            }
            // Prometheus' counters carry a type label (float, histogram): a sample is a sample.
            sums.merge(name, value, Double::sum);
        }
        if (sums.containsKey(PROM_HEAD_SERIES)) {
            return new ReceiverReading(ReceiverKind.PROMETHEUS, atMillis, get(sums, PROM_HEAD_SERIES),
                    get(sums, PROM_APPENDED), get(sums, PROM_CREATED), get(sums, PROM_OUT_OF_ORDER),
                    get(sums, PROM_OUT_OF_BOUNDS), get(sums, PROM_TOO_OLD), Double.NaN, Double.NaN, Double.NaN,
                    get(sums, CPU), get(sums, RSS));
        }
        if (sums.containsKey(VM_INSERTED) || sums.containsKey(VM_VERSION)) {
            return new ReceiverReading(ReceiverKind.VICTORIAMETRICS, atMillis, Double.NaN, remoteWriteRows,
                    get(sums, VM_NEW_SERIES), Double.NaN, Double.NaN, Double.NaN, get(sums, VM_SLOW), get(sums, VM_LIMIT),
                    get(sums, VM_ADDED), get(sums, CPU), get(sums, RSS));
        }
        throw new IOException("neither Prometheus' nor VictoriaMetrics' figures (" + PROM_HEAD_SERIES + ", "
                + VM_INSERTED + ") on the page");
    }

    private static double get(Map<String, Double> sums, String name) {
        Double v = sums.get(name);
        return v == null ? Double.NaN : v;
    }

    /** The '}' that closes the labels; label values may hold spaces, commas and escaped quotes. */
    private static int closingBrace(String line, int open) {
        boolean quoted = false;
        for (int i = open + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '}') {
                return i;
            }
        }
        return -1;
    }

    /** The value after the name and labels; a timestamp after it is ignored. */
    private static double value(String line, int from) {
        String rest = line.substring(Math.min(from, line.length())).strip();
        int space = rest.indexOf(' ');
        String token = space < 0 ? rest : rest.substring(0, space);
        try {
            return Double.parseDouble(token);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
