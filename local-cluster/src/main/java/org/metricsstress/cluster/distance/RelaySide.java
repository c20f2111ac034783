package org.metricsstress.cluster.distance;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A socket of a {@link DelayRelay}'s connection, and the chunks held for writing into it, each until
 * its due time. Touched by the relay's thread only.
 */
final class RelaySide {
    /** Held bytes per direction beyond which the relay stops reading that side (TCP pushes back). */
    static final int MAX_HELD = 4 << 20;

    /** The connection a side belongs to: its route, chosen from the first bytes, and the due times it gives. */
    interface Link {
        boolean routed();

        /** Chooses the connection's route from the first bytes a client sent (read-only, at their start). */
        void route(ByteBuffer firstBytes);

        /** When a chunk read at {@code now} may leave: never before the one read before it. */
        long due(long now);

        /** Writes what is due on both sides; returns the next due time, or Long.MAX_VALUE for none. */
        long flush(long now);

        /** Reads and writes each side as it can: not reading a side whose peer holds too much. */
        void updateInterest();

        /** Closes both sides: one side closing or failing closes the connection. */
        void close();
    }

    final Link link;
    private final ByteBuffer readBuffer;
    private final AtomicLong bytesRelayed;
    final SocketChannel channel;
    final ArrayDeque<Held> held = new ArrayDeque<>();
    RelaySide peer;
    SelectionKey key;
    boolean connected;
    int heldBytes;
    boolean eofRead;
    boolean outputShut;
    /** The socket took part of a chunk only: OP_WRITE says when it takes more. */
    boolean writeBlocked;

    RelaySide(Link link, SocketChannel channel, boolean connected, ByteBuffer readBuffer, AtomicLong bytesRelayed) {
        this.link = link;
        this.readBuffer = readBuffer;
        this.bytesRelayed = bytesRelayed;
        this.channel = channel;
        this.connected = connected;
    }

    /**
     * Reads a chunk from this socket and holds a copy of it for the peer, due after the link's
     * delay. The copy is as long as what was read: inter-node messages are mostly small, and a
     * chunk held at the read buffer's size would hold 64 KiB for each of them.
     */
    void read() throws IOException {
        readBuffer.clear();
        int n = channel.read(readBuffer);
        long now = System.nanoTime();
        if (n < 0) {
            eofRead = true;
            peer.held.add(new Held(link.routed() ? link.due(now) : now, null));
            return;
        }
        if (n == 0) {
            return;
        }
        readBuffer.flip();
        if (!link.routed()) {
            link.route(readBuffer.asReadOnlyBuffer());
        }
        ByteBuffer chunk = ByteBuffer.allocate(n).put(readBuffer).flip();
        peer.held.add(new Held(link.due(now), chunk));
        peer.heldBytes += n;
    }

    /** Writes the due chunks held for this socket; returns the next due time left. */
    long flush(long now) throws IOException {
        if (!connected) {
            return held.isEmpty() ? Long.MAX_VALUE : held.peek().dueNanos;
        }
        while (!held.isEmpty()) {
            Held h = held.peek();
            if (h.dueNanos > now) {
                return h.dueNanos;
            }
            if (h.data == null) {
                if (!outputShut) {
                    channel.shutdownOutput();
                    outputShut = true;
                }
                held.poll();
                continue;
            }
            int n = channel.write(h.data);
            bytesRelayed.addAndGet(n);
            heldBytes -= n;
            writeBlocked = h.data.hasRemaining();
            if (writeBlocked) {
                return Long.MAX_VALUE;
            }
            held.poll();
        }
        return Long.MAX_VALUE;
    }

    boolean done() {
        return eofRead && held.isEmpty();
    }

    void updateInterest() {
        if (!key.isValid()) {
            return;
        }
        int ops = 0;
        if (!connected) {
            ops |= SelectionKey.OP_CONNECT;
        } else {
            if (!eofRead && peer.heldBytes < MAX_HELD) {
                ops |= SelectionKey.OP_READ;
            }
            if (writeBlocked) {
                ops |= SelectionKey.OP_WRITE;
            }
        }
        if (key.interestOps() != ops) {
            key.interestOps(ops);
        }
    }

    /** A chunk and when it may leave; null data is the end of the stream. */
    private record Held(long dueNanos, ByteBuffer data) {}
}
