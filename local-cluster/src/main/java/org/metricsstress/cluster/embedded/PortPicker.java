package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Free TCP ports on a loopback address.
 *
 * <p>A port found free is closed again before the child binds it, so another process may take
 * it in between; the window is a few seconds and the start then fails with a clear "address in
 * use" from Cassandra. Within this process the race is closed: a port handed out once is never
 * handed out again, which matters when several nodes pick ports in parallel and none has bound
 * its ports yet.
 */
public final class PortPicker {

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();
    private static final int ATTEMPTS = 50;

    private PortPicker() {
    }

    /** A port nothing listens on at {@code address} right now, never returned before by this process. */
    public static int freePort(InetAddress address) throws IOException {
        for (int i = 0; i < ATTEMPTS; i++) {
            int port;
            try (ServerSocket socket = new ServerSocket()) {
                socket.setReuseAddress(false);
                socket.bind(new InetSocketAddress(address, 0), 1);
                port = socket.getLocalPort();
            }
            if (HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IOException("no free port found on " + address.getHostAddress() + " after " + ATTEMPTS + " attempts");
    }

    /** Whether a listener could bind {@code address:port} now. */
    public static boolean isFree(InetAddress address, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(address, port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
