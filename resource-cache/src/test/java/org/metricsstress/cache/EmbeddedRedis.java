package org.metricsstress.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import redis.clients.jedis.Jedis;
import redis.embedded.RedisServer;

/**
 * A real Redis server (the binary embedded-redis ships) on 127.0.0.1 and a port free at start,
 * that a test can stop and start again on the same port to play an outage.
 */
final class EmbeddedRedis implements AutoCloseable {
    final int port;
    private final RedisServer server;

    private EmbeddedRedis(int port, RedisServer server) {
        this.port = port;
        this.server = server;
    }

    /** Extra lines go to the server's config, e.g. {@code requirepass secret}. */
    static EmbeddedRedis start(String... config) throws IOException {
        int port = freePort();
        var builder = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                // Nothing to disk: the tests' data is throwaway and a save would slow the stop.
                .setting("save \"\"")
                .setting("appendonly no");
        for (String line : config) {
            builder.setting(line);
        }
        EmbeddedRedis redis = new EmbeddedRedis(port, builder.build());
        redis.server.start();
        return redis;
    }

    /** A port nobody listens on right now (closed again before returning). */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI uri(int database) {
        return URI.create("redis://127.0.0.1:" + port + "/" + database);
    }

    /** A plain client, to look at what the cache wrote. */
    Jedis client() {
        return new Jedis("127.0.0.1", port);
    }

    void stop() throws IOException {
        server.stop();
    }

    void restart() throws IOException {
        server.start();
    }

    boolean running() {
        return server.isActive();
    }

    @Override
    public void close() throws IOException {
        server.stop();
    }
}
