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
    private final String password;
    private RedisServer server;

    TestRedis() {
        this(null);
    }

    /** A Redis that asks for {@code password} (AUTH), or none when null. */
    TestRedis(String password) {
        this.password = password;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start();
    }

    void start() {
        try {
            var builder = RedisServer.newRedisServer().bind("127.0.0.1").port(port)
                    .setting("save \"\"").setting("appendonly no");
            if (password != null) {
                builder.setting("requirepass " + password);
            }
            server = builder.build();
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
