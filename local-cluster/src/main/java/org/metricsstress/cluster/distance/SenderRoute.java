package org.metricsstress.cluster.distance;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Function;

/**
 * The route of an inter-node connection into a node of {@code toDc}, chosen by its sender's data
 * centre. Every node connects from 127.0.0.1 (Cassandra does not bind its outgoing sockets), so the
 * source address says nothing; the handshake does: since 4.0 it carries the sender's address as a
 * length byte 4 and the four IPv4 bytes. When it cannot be read (encrypted inter-node traffic), the
 * route from the farthest DC is taken, so distance is never made shorter than configured.
 */
public final class SenderRoute implements Function<ByteBuffer, Routes.Route> {
    /** The handshake's address lies in its first few dozen bytes. */
    private static final int SCAN = 128;

    private final Routes routes;
    private final String toDc;
    private final Map<Integer, String> dcByAddress;

    /** {@code dcByAddress}: every node's listen and broadcast IPv4 address (as an int) to its DC. */
    public SenderRoute(Routes routes, String toDc, Map<Integer, String> dcByAddress) {
        this.routes = routes;
        this.toDc = toDc;
        this.dcByAddress = Map.copyOf(dcByAddress);
    }

    @Override
    public Routes.Route apply(ByteBuffer first) {
        String from = sender(first);
        return from != null ? routes.between(from, toDc) : routes.farthestInto(toDc);
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
