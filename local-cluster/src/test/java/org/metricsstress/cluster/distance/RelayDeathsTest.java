package org.metricsstress.cluster.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RelayDeathsTest {

    @Test
    void aDeathGoesToTheRunOfTheMomentAndTheNextRunHearsOfItAtItsStart() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket upstream = new ServerSocket(0, 50, lo);
                DelayRelay healthy = DelayRelay.start("healthy", new InetSocketAddress(lo, freePort(lo)),
                        new InetSocketAddress(lo, upstream.getLocalPort()), first -> Routes.Route.fixed(LatencyMatrix.Delay.ZERO));
                DelayRelay doomed = DelayRelay.start("storage-127.0.0.9", new InetSocketAddress(lo, freePort(lo)),
                        new InetSocketAddress(lo, upstream.getLocalPort()), first -> {
                            throw new IllegalStateException("a bug in choosing the route");
                        })) {
            RelayDeaths deaths = new RelayDeaths(List.of(healthy, doomed));
            CompletableFuture<String> duringRun = new CompletableFuture<>();
            deaths.reportTo(duringRun::complete);
            try (Socket c = new Socket(lo, doomed.listenAddress().getPort())) {
                OutputStream out = c.getOutputStream();
                out.write(1);
                String line = duringRun.get(30, TimeUnit.SECONDS);
                assertTrue(line.startsWith("delay relay storage-127.0.0.9 ") && line.contains("a bug in choosing the route")
                        && line.contains("refuses connections") && !line.contains("before this run"), line);
            }
            List<String> nextRun = new ArrayList<>();
            deaths.reportTo(nextRun::add);
            assertEquals(1, nextRun.size(), "only the dead relay: " + nextRun);
            assertTrue(nextRun.get(0).contains("storage-127.0.0.9 ") && nextRun.get(0).contains("died before this run"),
                    nextRun.toString());
        }
    }

    private static int freePort(InetAddress lo) throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, lo)) {
            return s.getLocalPort();
        }
    }
}
