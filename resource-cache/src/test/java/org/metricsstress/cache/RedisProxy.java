package org.metricsstress.cache;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay in front of a test's Redis that counts what a client sends its way: connections
 * opened and MGET commands. It shows whether a cache went near Redis at all, even while Redis is
 * paused or gone (a connection attempt still reaches the relay, which then closes it).
 */
final class RedisProxy implements AutoCloseable {
    private static final byte[] MGET = "$4\r\nMGET\r\n".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final int redisPort;
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong mgets = new AtomicLong();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    private RedisProxy(int redisPort) throws IOException {
        this.redisPort = redisPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "redis-proxy " + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static RedisProxy to(EmbeddedRedis redis) throws IOException {
        return new RedisProxy(redis.port);
    }

    URI uri(int database) {
        return URI.create("redis://127.0.0.1:" + server.getLocalPort() + "/" + database);
    }

    long mgets() {
        return mgets.get();
    }

    /** Connections opened and MGETs sent: every way a client can go near Redis. */
    long approaches() {
        return connections.get() + mgets.get();
    }

    /** Waits until nothing new has arrived for {@code quietMillis}, so the counts are the client's last word. */
    void settle(long quietMillis) throws InterruptedException {
        long seen = -1;
        while (seen != approaches()) {
            seen = approaches();
            TimeUnit.MILLISECONDS.sleep(quietMillis);
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return;
            }
            connections.incrementAndGet();
            open.add(client);
            Socket redis = new Socket();
            try {
                redis.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), redisPort));
            } catch (IOException e) {
                closeQuietly(client, redis);
                continue;
            }
            open.add(redis);
            pump(client, redis, true);
            pump(redis, client, false);
        }
    }

    private void pump(Socket from, Socket to, boolean countCommands) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            int matched = 0;
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    if (countCommands) {
                        for (int i = 0; i < n; i++) {
                            // The marker has no repeated prefix, so restarting on a mismatch is exact.
                            matched = buf[i] == MGET[matched] ? matched + 1 : buf[i] == MGET[0] ? 1 : 0;
                            if (matched == MGET.length) {
                                mgets.incrementAndGet();
                                matched = 0;
                            }
                        }
                    }
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away: so does the other
            } finally {
                closeQuietly(from, to);
            }
        }, "redis-proxy pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket... sockets) {
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        open.forEach(RedisProxy::closeQuietly);
    }
}
