package org.metricsstress.writer.tss.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A JDK HTTP server on 127.0.0.1, a free port, whose answers a test writes: for the client's own
 * logic (classes, timeouts, limits), not a receiver's behaviour (that is the real Prometheus's test).
 */
final class TestReceiver implements AutoCloseable {
    interface Handler {
        void handle(HttpExchange exchange) throws Exception;
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "test-receiver");
        t.setDaemon(true);
        return t;
    });

    TestReceiver(Handler handler) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/write", exchange -> {
            try (exchange) {
                handler.handle(exchange);
            } catch (Exception e) {
                // the test's own assertions read what the handler recorded
            }
        });
        server.setExecutor(threads);
        server.start();
    }

    URI writeUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/v1/write");
    }

    static void answer(HttpExchange exchange, int status, String body) throws IOException {
        exchange.getRequestBody().readAllBytes();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
