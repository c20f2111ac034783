package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortPickerTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void neverHandsOutTheSamePortTwice() throws Exception {
        // Nodes started in parallel pick all their ports before any of them binds one.
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            assertTrue(seen.add(PortPicker.freePort(LOOPBACK)));
        }
    }

    @Test
    void aListeningPortIsNotFree() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(LOOPBACK, 0));
            assertFalse(PortPicker.isFree(LOOPBACK, taken.getLocalPort()));
        }
        assertTrue(PortPicker.isFree(LOOPBACK, PortPicker.freePort(LOOPBACK)));
    }
}
