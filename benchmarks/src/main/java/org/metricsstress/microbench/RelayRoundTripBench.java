package org.metricsstress.microbench;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.distance.DelayRelay;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.distance.Routes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a delay relay at 0 ms adds to a round trip: a small message (an inter-node message's size)
 * to an echo server and back over loopback TCP, directly and through a {@link DelayRelay} whose
 * route delays nothing. The difference is the relay's own cost per round trip (two crossings: one
 * each way), which every cross-DC message of an {@code --embedded-latency} cluster pays on top of
 * the configured delay.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RelayRoundTripBench {
    private static final int MESSAGE = 128;

    @State(Scope.Thread)
    public static class Echo {
        ServerSocket server;
        Thread echo;
        DelayRelay relay;
        Socket direct;
        Socket relayed;
        final byte[] out = new byte[MESSAGE];
        final byte[] in = new byte[MESSAGE];

        @Setup(Level.Trial)
        public void start() throws IOException {
            InetAddress lo = InetAddress.getLoopbackAddress();
            server = new ServerSocket(0, 50, lo);
            echo = new Thread(this::serve, "bench-echo");
            echo.setDaemon(true);
            echo.start();
            int relayPort;
            try (ServerSocket probe = new ServerSocket(0, 1, lo)) {
                relayPort = probe.getLocalPort();
            }
            relay = DelayRelay.start("bench", new InetSocketAddress(lo, relayPort),
                    new InetSocketAddress(lo, server.getLocalPort()), first -> Routes.Route.fixed(LatencyMatrix.Delay.ZERO));
            direct = connect(new InetSocketAddress(lo, server.getLocalPort()));
            relayed = connect(relay.listenAddress());
        }

        private static Socket connect(InetSocketAddress to) throws IOException {
            Socket s = new Socket();
            s.setTcpNoDelay(true);
            s.connect(to);
            return s;
        }

        /** One thread per accepted connection, echoing every byte back. */
        private void serve() {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    s.setTcpNoDelay(true);
                    Thread t = new Thread(() -> {
                        try (s) {
                            s.getInputStream().transferTo(s.getOutputStream());
                        } catch (IOException ignored) {
                            // the bench closed it
                        }
                    }, "bench-echo-conn");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException closed) {
                    return;
                }
            }
        }

        long roundTrip(Socket s) throws IOException {
            OutputStream o = s.getOutputStream();
            o.write(out);
            o.flush();
            InputStream i = s.getInputStream();
            new DataInputStream(i).readFully(in);
            return in[MESSAGE - 1];
        }

        @TearDown(Level.Trial)
        public void stop() throws IOException {
            direct.close();
            relayed.close();
            relay.close();
            server.close();
        }
    }

    @Benchmark
    public long direct(Echo e) throws IOException {
        return e.roundTrip(e.direct);
    }

    @Benchmark
    public long throughRelayAtZeroMs(Echo e) throws IOException {
        return e.roundTrip(e.relayed);
    }
}
