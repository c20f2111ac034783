package org.metricsstress.cluster.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SenderRouteTest {
    private static final Routes ROUTES = new Routes( LatencyMatrix.parse("dc1-dc3=3ms,dc2-dc3=2ms,dc1-dc2=1ms",
            List.of("dc1", "dc2", "dc3")));
    private static final Map<Integer, String> DCS = Map.of(address(127, 0, 0, 1), "dc1", address(127, 0, 1, 1), "dc1",
            address(127, 0, 0, 2), "dc2", address(127, 0, 1, 2), "dc2", address(127, 0, 0, 3), "dc3");

    @Test
    void theHandshakesSenderAddressChoosesTheDelay() {
        SenderRoute intoDc3 = new SenderRoute(ROUTES, "dc3", DCS);
        // magic, flags, then the sender as a length byte and its IPv4 bytes, then its port
        ByteBuffer fromDc2 = ByteBuffer.wrap(new byte[] {(byte) 0xCA, 0x55, 0x2D, (byte) 0xFA, 0, 0, 0, 13,
                4, 127, 0, 1, 2, 0x1b, 0x58});
        assertEquals(2000, intoDc3.apply(fromDc2).delay().micros());
        ByteBuffer fromDc1 = ByteBuffer.wrap(new byte[] {0, 0, 0, 0, 4, 127, 0, 0, 1, 0, 1});
        assertEquals(3000, intoDc3.apply(fromDc1).delay().micros());
        // a node of its own DC, before prefer_local moved it to the direct address
        ByteBuffer fromDc3 = ByteBuffer.wrap(new byte[] {0, 4, 127, 0, 0, 3, 0, 1});
        assertEquals(0, intoDc3.apply(fromDc3).delay().micros());
    }

    @Test
    void bytesThatNameNoNodeTakeTheRouteFromTheFarthestDc() {
        SenderRoute intoDc3 = new SenderRoute(ROUTES, "dc3", DCS);
        assertEquals(3000, intoDc3.apply(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9})).delay().micros());
        assertEquals(2000, new SenderRoute(ROUTES, "dc2", DCS).apply(ByteBuffer.allocate(0)).delay().micros());
    }

    private static int address(int a, int b, int c, int d) {
        return (a << 24) | (b << 16) | (c << 8) | d;
    }
}
