package org.metricsstress.cluster.distance;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Function;

/**
 * The delay of an inter-node connection into a node of {@code toDc}, chosen by its sender's data
 * centre. Every node connects from 127.0.0.1 (Cassandra does not bind its outgoing sockets), so the
 * source address says nothing; the handshake does: since 4.0 it carries the sender's address as a
 * length byte 4 and the four IPv4 bytes. When it cannot be read (encrypted inter-node traffic), the
 * farthest DC's delay is taken, so distance is never made shorter than configured (with two DCs,
 * or any layout where every other DC is as far, that is exact).
 */
public final class SenderDelay implements Function<ByteBuffer, LatencyMatrix.Delay> {
    /** The handshake's address lies in its first few dozen bytes. */
    private static final int SCAN = 128;

    private final LatencyMatrix matrix;
    private final String toDc;
    private final Map<Integer, String> dcByAddress;
    private final LatencyMatrix.Delay fallback;

    /** {@code dcByAddress}: every node's listen and broadcast IPv4 address (as an int) to its DC. */
    public SenderDelay(LatencyMatrix matrix, String toDc, Map<Integer, String> dcByAddress) {
        this.matrix = matrix;
        this.toDc = toDc;
        this.dcByAddress = Map.copyOf(dcByAddress);
        LatencyMatrix.Delay farthest = LatencyMatrix.Delay.ZERO;
        for (String dc : matrix.dcs()) {
            LatencyMatrix.Delay d = matrix.between(dc, toDc);
            if (d.micros() + d.jitterMicros() > farthest.micros() + farthest.jitterMicros()) {
                farthest = d;
            }
        }
        this.fallback = farthest;
    }

    @Override
    public LatencyMatrix.Delay apply(ByteBuffer first) {
        String from = sender(first);
        if (from != null) {
            return matrix.between(from, toDc);
        }
        return fallback;
    }

    /** The sender's DC as the handshake names it; null when no known address is found. */
    String sender(ByteBuffer first) {
        int end = Math.min(first.limit(), first.position() + SCAN);
        for (int i = first.position(); i + 4 < end; i++) {
            if (first.get(i) == 4) {
                String dc = dcByAddress.get(first.getInt(i + 1));
                if (dc != null) {
                    return dc;
                }
            }
        }
        return null;
    }
}
