package org.metricsstress.itests;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A receiver that refuses a share of the remote writes: an HTTP server on 127.0.0.1 in front of a
 * real one, forwarding every request to it but answering every {@code every}-th write (POST to
 * /api/v1/write) itself with {@code status}, and counting those it refused. Everything else (the
 * receiver's /metrics, which the run reads through the same address) goes through untouched.
 */
final class FaultProxy implements AutoCloseable {
    private static final List<String> FORWARDED = List.of("Content-Type", "Content-Encoding",
            "X-Prometheus-Remote-Write-Version", "Accept");
    private final HttpServer server;
    private final ExecutorService threads;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final URI target;
    private final int every;
    private final int status;
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();

    FaultProxy(URI targetBase, int every, int status) throws IOException {
        this.target = targetBase;
        this.every = every;
        this.status = status;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 256);
        // The plugin keeps up to 100 requests on the wire: as many handlers, so the proxy queues none.
        threads = Executors.newFixedThreadPool(128, r -> {
            Thread t = new Thread(r, "fault-proxy");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The proxy's write URL, for --tss-write-url. */
    URI writeUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/v1/write");
    }

    /** Writes it answered itself with the fault's status. */
    long refused() {
        return refused.get();
    }

    /** Writes it saw, refused or forwarded. */
    long writes() {
        return writes.get();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body;
            try (InputStream in = ex.getRequestBody()) {
                body = in.readAllBytes();
            }
            boolean write = "POST".equals(ex.getRequestMethod()) && ex.getRequestURI().getPath().endsWith("/write");
            if (write && writes.incrementAndGet() % every == 0) {
                refused.incrementAndGet();
                byte[] words = ("fault proxy: refused with " + status).getBytes(StandardCharsets.UTF_8);
                ex.sendResponseHeaders(status, words.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(words);
                }
                return;
            }
            HttpRequest.Builder b = HttpRequest.newBuilder(target.resolve(ex.getRequestURI().toString()))
                    .timeout(Duration.ofSeconds(30))
                    .method(ex.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (String h : FORWARDED) {
                String v = ex.getRequestHeaders().getFirst(h);
                if (v != null) {
                    b.header(h, v);
                }
            }
            HttpResponse<byte[]> answer;
            try {
                answer = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ex.sendResponseHeaders(502, -1);
                return;
            }
            answer.headers().firstValue("Content-Type").ifPresent(v -> ex.getResponseHeaders().set("Content-Type", v));
            byte[] out = answer.body();
            ex.sendResponseHeaders(answer.statusCode(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                try (OutputStream o = ex.getResponseBody()) {
                    o.write(out);
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
