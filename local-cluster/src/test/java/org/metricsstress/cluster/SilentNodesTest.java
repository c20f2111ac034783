package org.metricsstress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SilentNodesTest {

    /**
     * A port that accepts and never replies is what a SIGSTOPped node shows (the kernel completes the
     * handshake into the listen backlog): its process lives, yet it is silent.
     */
    @Test
    void aPortThatAcceptsButNeverRepliesIsSilentAndOneThatRepliesIsNot() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket frozen = new ServerSocket(0, 50, lo); ServerSocket answering = new ServerSocket(0, 50, lo)) {
            Thread server = new Thread(() -> {
                try (Socket s = answering.accept()) {
                    InputStream in = s.getInputStream();
                    in.readNBytes(9);
                    // A v4 response header (SUPPORTED, empty body): all the probe reads.
                    s.getOutputStream().write(new byte[] {(byte) 0x84, 0, 0, 0, 0x06, 0, 0, 0, 0});
                    s.getOutputStream().flush();
                    in.read(); // hold the socket open until the probe closes it
                } catch (Exception ignored) {
                    // the probe then finds it silent, and the assertion says so
                }
            });
            server.start();
            InetSocketAddress frozenAt = new InetSocketAddress(lo, frozen.getLocalPort());
            InetSocketAddress answeringAt = new InetSocketAddress(lo, answering.getLocalPort());
            assertEquals(List.of(frozenAt), SilentNodes.of(List.of(frozenAt, answeringAt), a -> a, Duration.ofMillis(500), null));
            server.join(30_000);
        }
    }
}
