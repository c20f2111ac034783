package org.metricsstress.cluster.distance;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;
import java.nio.channels.Channel;

/**
 * A TCP relay that makes distance: every chunk read from one side is held until its due time
 * (read time plus the connection's delay), then written to the other side, both ways. One thread
 * and a selector serve every connection, so a held chunk never holds up another connection; the
 * chunks of one direction leave in order (a due time is never earlier than the one before it).
 * The route of a connection (which DC into which) is chosen from its first bytes (an inter-node
 * handshake names its sender); its delay is read from the route for each chunk, so it can change
 * while the connection stays open. A side that closes or fails closes the whole connection, as a
 * crashed node would.
 *
 * <p>A relay whose thread dies (a bug, an error of the selector) closes its listening socket too:
 * clients are refused at once rather than left to time out on a port nobody serves, which would be
 * read as a slow cluster. It keeps why it died ({@link #failure()}) and tells whoever asked
 * ({@link #whenDead}).
 */
public final class DelayRelay implements AutoCloseable {
    private static final int CHUNK = 64 << 10;

    private final String name;
    private final InetSocketAddress listen;
    private final InetSocketAddress target;
    private final Function<ByteBuffer, Routes.Route> routeOf;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final Thread thread;
    /** Touched by the relay thread only; a link removes itself when it closes. */
    private final List<Link> links = new ArrayList<>();
    private final AtomicLong bytesRelayed = new AtomicLong();
    /** The relay thread's CPU time when it ended; -1 while it runs. */
    private volatile long cpuNanosAtEnd = -1;
    /** Every read lands here first; only the relay thread reads. */
    private final ByteBuffer readBuffer = ByteBuffer.allocate(CHUNK);
    private volatile boolean closed;
    /** Why the relay's thread ended on its own; null while it runs, or when {@link #close()} ended it. */
    private volatile String failure;
    /** Told once why the relay died; guarded by itself. */
    private final List<Consumer<String>> deathListeners = new ArrayList<>();
    /** The death was told to the listeners then registered; later ones are told at once. Guarded by deathListeners. */
    private boolean deathTold;

    private DelayRelay(String name, InetSocketAddress listen, InetSocketAddress target,
            Function<ByteBuffer, Routes.Route> routeOf) throws IOException {
        this.name = name;
        this.listen = listen;
        this.target = target;
        this.routeOf = routeOf;
        this.selector = Selector.open();
        ServerSocketChannel s = ServerSocketChannel.open();
        try {
            s.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            s.bind(listen, 256);
            s.configureBlocking(false);
            s.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            s.close();
            selector.close();
            throw e;
        }
        this.server = s;
        this.thread = new Thread(this::loop, "delay-relay-" + name);
        thread.setDaemon(true);
    }

    /**
     * Listens on {@code listen} and relays to {@code target}; {@code routeOf} gets the first bytes a
     * client sends (read-only, position at their start) and says which route this connection takes.
     */
    public static DelayRelay start(String name, InetSocketAddress listen, InetSocketAddress target,
            Function<ByteBuffer, Routes.Route> routeOf) throws IOException {
        DelayRelay r = new DelayRelay(name, listen, target, routeOf);
        r.thread.start();
        return r;
    }

    public InetSocketAddress listenAddress() {
        return listen;
    }

    public InetSocketAddress target() {
        return target;
    }

    /** Bytes written on, both ways, since the start. */
    public long bytesRelayed() {
        return bytesRelayed.get();
    }

    /**
     * CPU time the relay's thread has used since the start, 0 where the JVM does not measure it. It
     * is spent in the process that runs the relay: a run's client CPU includes it.
     */
    public long cpuNanos() {
        long atEnd = cpuNanosAtEnd;
        if (atEnd >= 0) {
            return atEnd;
        }
        long now = ManagementFactory.getThreadMXBean().getThreadCpuTime(thread.getId());
        return now >= 0 ? now : Math.max(0, cpuNanosAtEnd);
    }

    private void loop() {
        try {
            while (!closed) {
                long now = System.nanoTime();
                long next = Long.MAX_VALUE;
                // Backwards: a link that closes while flushing removes itself, and only links already seen move.
                for (int i = links.size() - 1; i >= 0; i--) {
                    next = Math.min(next, links.get(i).flush(now));
                }
                long wait = next == Long.MAX_VALUE ? -1 : next - System.nanoTime();
                if (wait < 0 && next == Long.MAX_VALUE) {
                    selector.select();
                } else if (wait <= 0) {
                    selector.selectNow();
                } else if (wait >= 1_000_000) {
                    // The selector waits whole milliseconds: rounded down, the rest is parked below.
                    selector.select(wait / 1_000_000);
                } else {
                    // Under a millisecond to go: a park is precise to tens of microseconds, where a
                    // select would round up to a whole millisecond late; meanwhile bytes wait in the kernel.
                    LockSupport.parkNanos(wait);
                    selector.selectNow();
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    handle(key);
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                System.err.println("delay relay " + name + " stopped: " + e);
                // Refused beats accepted-and-ignored: a client's timeout would be blamed on the cluster.
                closeQuietly(server);
                closeQuietly(selector); // a channel still registered keeps its socket open until then
                failure = e.toString();
            }
        } finally {
            for (int i = links.size() - 1; i >= 0; i--) {
                links.get(i).close(); // removes itself: a forEach over the list would throw
            }
            links.clear();
            long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            cpuNanosAtEnd = Math.max(0, cpu);
            if (failure != null) {
                tellDeath();
            }
        }
    }

    /** Why the relay's thread died on its own (it then refuses connections); null while it runs, or when closed first. */
    public String failure() {
        return failure;
    }

    /**
     * Tells {@code listener} why the relay died, once: when it dies, or at once if it already has;
     * never if it is closed before.
     */
    public void whenDead(Consumer<String> listener) {
        String why;
        synchronized (deathListeners) {
            if (!deathTold) {
                deathListeners.add(listener);
                return;
            }
            why = failure;
        }
        listener.accept(why);
    }

    private void tellDeath() {
        List<Consumer<String>> told;
        synchronized (deathListeners) {
            told = List.copyOf(deathListeners);
            deathListeners.clear();
            deathTold = true;
        }
        told.forEach(l -> l.accept(failure));
    }

    private void handle(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        if (key.channel() == server) {
            accept();
            return;
        }
        RelaySide side = (RelaySide) key.attachment();
        try {
            if (key.isConnectable()) {
                side.channel.finishConnect();
                side.connected = true;
            }
            if (key.isValid() && key.isReadable()) {
                side.read();
            }
            if (key.isValid() && key.isWritable()) {
                side.link.flush(System.nanoTime());
            }
            if (key.isValid()) {
                side.link.updateInterest();
            }
        } catch (IOException e) {
            side.link.close();
        }
    }

    private void accept() {
        SocketChannel client = null;
        SocketChannel upstream = null;
        try {
            client = server.accept();
            if (client == null) {
                return;
            }
            client.configureBlocking(false);
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            upstream = SocketChannel.open();
            upstream.configureBlocking(false);
            upstream.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean connected = upstream.connect(target);
            Link link = new Link(client, upstream, connected);
            links.add(link);
            link.updateInterest();
        } catch (IOException e) {
            closeQuietly(client);
            closeQuietly(upstream);
        }
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly(server);
        try {
            selector.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private static void closeQuietly(Selector s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // nothing to save
        }
    }

    private static void closeQuietly(Channel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // nothing to save
            }
        }
    }

    @Override
    public String toString() {
        return "relay " + name + " " + listen + " -> " + target;
    }

    /** One relayed connection: the client's side and the upstream side. */
    private final class Link implements RelaySide.Link {
        final RelaySide client;
        final RelaySide upstream;
        Routes.Route route;
        long lastDueNanos;

        Link(SocketChannel client, SocketChannel upstream, boolean connected) throws IOException {
            this.client = new RelaySide(this, client, true, readBuffer, bytesRelayed);
            this.upstream = new RelaySide(this, upstream, connected, readBuffer, bytesRelayed);
            this.client.peer = this.upstream;
            this.upstream.peer = this.client;
            this.client.key = client.register(selector, 0, this.client);
            this.upstream.key = upstream.register(selector, connected ? 0 : SelectionKey.OP_CONNECT, this.upstream);
        }

        @Override
        public boolean routed() {
            return route != null;
        }

        @Override
        public void route(ByteBuffer firstBytes) {
            route = routeOf.apply(firstBytes);
        }

        @Override
        public long due(long now) {
            LatencyMatrix.Delay delay = route.delay();
            double unit = delay.jitterMicros() == 0 ? 0.5 : ThreadLocalRandom.current().nextDouble();
            lastDueNanos = Math.max(lastDueNanos, now + delay.nanos(unit));
            return lastDueNanos;
        }

        @Override
        public long flush(long now) {
            try {
                long next = Math.min(client.flush(now), upstream.flush(now));
                if (client.done() && upstream.done()) {
                    close();
                    return Long.MAX_VALUE;
                }
                updateInterest();
                return next;
            } catch (IOException e) {
                close();
                return Long.MAX_VALUE;
            }
        }

        @Override
        public void updateInterest() {
            client.updateInterest();
            upstream.updateInterest();
        }

        @Override
        public void close() {
            links.remove(this);
            closeQuietly(client.channel);
            closeQuietly(upstream.channel);
        }
    }

}
