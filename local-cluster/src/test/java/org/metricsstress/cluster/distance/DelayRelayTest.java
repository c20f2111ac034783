package org.metricsstress.cluster.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the relay moves; how long it holds bytes is measured by the ITs against real nodes. */
class DelayRelayTest {

    @Test
    void everyByteCrossesBothWaysInOrderAndAnEndOfStreamToo() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket echo = new ServerSocket(0, 50, lo)) {
            Thread server = new Thread(() -> {
                try (Socket s = echo.accept()) {
                    s.getInputStream().transferTo(s.getOutputStream());
                    s.shutdownOutput();
                } catch (Exception ignored) {
                    // the test's reads fail instead
                }
            });
            server.start();
            byte[] sent = new byte[3 << 20];
            new Random(29).nextBytes(sent);
            try (DelayRelay relay = DelayRelay.start("test", new InetSocketAddress(lo, freePort(lo)),
                    new InetSocketAddress(lo, echo.getLocalPort()),
                    first -> Routes.Route.fixed(new LatencyMatrix.Delay(1000, 500)));
                    Socket c = new Socket(lo, relay.listenAddress().getPort())) {
                c.setSoTimeout(30_000); // a relay that stops moving bytes fails the read, not the build
                Thread writer = new Thread(() -> {
                    try {
                        OutputStream out = c.getOutputStream();
                        for (int i = 0; i < sent.length; i += 10_000) {
                            out.write(sent, i, Math.min(10_000, sent.length - i));
                        }
                        c.shutdownOutput();
                    } catch (Exception ignored) {
                        // the reads below fail instead
                    }
                });
                writer.start();
                byte[] back = new byte[sent.length];
                InputStream in = c.getInputStream();
                new DataInputStream(in).readFully(back);
                assertArrayEquals(sent, back);
                assertEquals(-1, in.read(), "the echo's end of stream crosses the relay");
                assertJoined(writer);
                assertEquals(2L * sent.length, relay.bytesRelayed());
                assertTrue(relay.cpuNanos() > 0, "moving 6 MiB took the relay's thread some CPU time");
            }
            assertJoined(server);
        }
    }

    @Test
    void aTargetThatRefusesClosesTheClientsConnection() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        int closedPort = freePort(lo);
        try (DelayRelay relay = DelayRelay.start("refused", new InetSocketAddress(lo, freePort(lo)),
                new InetSocketAddress(lo, closedPort), first -> Routes.Route.fixed(LatencyMatrix.Delay.ZERO));
                Socket c = new Socket(lo, relay.listenAddress().getPort())) {
            c.setSoTimeout(10_000);
            c.getOutputStream().write(1);
            int r;
            try {
                r = c.getInputStream().read();
            } catch (java.net.SocketException reset) {
                r = -1;
            }
            assertEquals(-1, r);
        }
    }

    /**
     * A relay whose thread died must not look like a slow cluster: it stops accepting, so a client
     * is refused at once instead of waiting out its timeout on a port nobody serves.
     */
    @Test
    void aRelayWhoseThreadDiesClosesItsConnectionsAndRefusesNewOnes() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket upstream = new ServerSocket(0, 50, lo);
                DelayRelay relay = DelayRelay.start("doomed", new InetSocketAddress(lo, freePort(lo)),
                        new InetSocketAddress(lo, upstream.getLocalPort()), first -> {
                            throw new IllegalStateException("a bug in choosing the route");
                        });
                Socket c = new Socket(lo, relay.listenAddress().getPort())) {
            CompletableFuture<String> death = new CompletableFuture<>();
            relay.whenDead(death::complete);
            c.setSoTimeout(30_000);
            c.getOutputStream().write(1);
            int r;
            try {
                r = c.getInputStream().read();
            } catch (java.net.SocketException reset) {
                r = -1;
            }
            assertEquals(-1, r, "the dead relay's connections are closed");
            String why = death.get(30, TimeUnit.SECONDS);
            assertTrue(why.contains("a bug in choosing the route"), why);
            assertEquals(why, relay.failure(), "the relay keeps why it died");
            assertThrows(ConnectException.class, () -> new Socket(lo, relay.listenAddress().getPort()).close(),
                    "a dead relay refuses new connections");
            CompletableFuture<String> late = new CompletableFuture<>();
            relay.whenDead(late::complete);
            assertEquals(why, late.getNow(null), "who asks after the death is told at once");
        }
    }

    /**
     * A delay changed while a connection is open applies to its later chunks: a lower bound only
     * (a chunk is never early), which a loaded machine cannot break.
     */
    @Test
    void aRouteChangedOnAnOpenConnectionDelaysItsLaterChunks() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        Routes routes = new Routes(LatencyMatrix.parse("dc1-dc2=0ms", java.util.List.of("dc1", "dc2")));
        try (ServerSocket echo = new ServerSocket(0, 50, lo)) {
            Thread server = new Thread(() -> {
                try (Socket s = echo.accept()) {
                    s.getInputStream().transferTo(s.getOutputStream());
                } catch (Exception ignored) {
                    // the test's reads fail instead
                }
            });
            server.start();
            try (DelayRelay relay = DelayRelay.start("live", new InetSocketAddress(lo, freePort(lo)),
                    new InetSocketAddress(lo, echo.getLocalPort()), first -> routes.between("dc1", "dc2"));
                    Socket c = new Socket(lo, relay.listenAddress().getPort())) {
                c.setSoTimeout(10_000);
                roundTrip(c); // the route is chosen by the first bytes, at 0 ms
                routes.set(LatencyMatrix.parse("dc1-dc2=40ms", java.util.List.of("dc1", "dc2")));
                long nanos = roundTrip(c);
                assertTrue(nanos >= 80_000_000L, "40 ms each way on the same connection: " + nanos / 1e6 + " ms");
            }
            assertJoined(server);
        }
    }

    private static long roundTrip(Socket c) throws Exception {
        long start = System.nanoTime();
        c.getOutputStream().write(7);
        assertEquals(7, c.getInputStream().read());
        return System.nanoTime() - start;
    }

    /** Joins with a bound: a thread still stuck after it is a failure, not a hang. */
    private static void assertJoined(Thread t) throws InterruptedException {
        t.join(30_000);
        assertFalse(t.isAlive(), t.getName() + " still runs: " + java.util.Arrays.toString(t.getStackTrace()));
    }

    private static int freePort(InetAddress lo) throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, lo)) {
            return s.getLocalPort();
        }
    }
}
