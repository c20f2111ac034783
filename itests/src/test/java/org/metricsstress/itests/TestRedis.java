package org.metricsstress.itests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import redis.embedded.RedisServer;

/**
 * A real Redis server (the binary embedded-redis ships) on 127.0.0.1 and a free port, with no
 * persistence. It can be stopped and started again on the same port, to lose it mid-run.
 */
final class TestRedis implements AutoCloseable {
    private final int port;
    private RedisServer server;

    TestRedis() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start();
    }

    void start() {
        try {
            server = RedisServer.newRedisServer().bind("127.0.0.1").port(port)
                    .setting("save \"\"").setting("appendonly no").build();
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void stop() {
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI uri() {
        return URI.create("redis://127.0.0.1:" + port);
    }

    @Override
    public void close() {
        if (server != null && server.isActive()) {
            stop();
        }
    }
}
