package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.metricsstress.cluster.LocalClusterException;

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

    /**
     * The port a node takes: {@code requested}, checked free, or a free one when 0; else a one-line
     * reason naming {@code what} port it was.
     */
    static int choose(InetAddress address, int requested, String what) throws LocalClusterException {
        if (requested == 0) {
            try {
                return freePort(address);
            } catch (IOException e) {
                throw new LocalClusterException("Cannot bind " + address.getHostAddress() + " to pick a " + what
                        + " port (" + e.getMessage() + ")" + aliasHint(address));
            }
        }
        if (!isFree(address, requested)) {
            throw new LocalClusterException(what + " port " + address.getHostAddress() + ":" + requested
                    + " is already in use (another Cassandra?); choose another port, or 0 to pick a free one"
                    + aliasHint(address));
        }
        return requested;
    }

    /** Linux routes all of 127/8 to lo; macOS has only 127.0.0.1 until an alias is added. */
    private static String aliasHint(InetAddress address) {
        String ip = address.getHostAddress();
        return "127.0.0.1".equals(ip) ? "" : "; if " + ip + " is not configured here, add it (macOS: sudo ifconfig lo0 alias " + ip + ")";
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

    /** A port free on every one of {@code addresses} and none of {@code taken}: one port for every node of a cluster. */
    static int freeOnAll(List<String> addresses, int... taken) throws LocalClusterException {
        try {
            InetAddress first = InetAddress.getByName(addresses.get(0));
            for (int attempt = 0; attempt < 50; attempt++) {
                int port = freePort(first);
                boolean ok = Arrays.stream(taken).noneMatch(p -> p == port);
                for (String a : addresses) {
                    ok &= isFree(InetAddress.getByName(a), port);
                }
                if (ok) {
                    return port;
                }
            }
        } catch (IOException e) {
            throw new LocalClusterException("cannot pick a port free on every node address: " + e.getMessage(), e);
        }
        throw new LocalClusterException("found no port free on all of " + String.join(", ", addresses));
    }
}
