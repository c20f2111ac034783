package org.metricsstress.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * An address nothing listens on, so a connection is refused at once. On 127.0.0.251, where no node
 * of the tests binds: a port freed on 127.0.0.1 could be taken by a test node started meanwhile
 * (a run beside the integration tests once found one there that never answered).
 */
public final class ClosedPort {
    public static final String HOST = "127.0.0.251";

    private ClosedPort() {}

    /** {@code host:port}, free a moment ago. */
    public static String address() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return HOST + ":" + s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
