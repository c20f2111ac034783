package org.metricsstress.cluster;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Which nodes do not answer CQL now, each asked once with a bound. A live process is not an up
 * node: one stopped by SIGSTOP still lives, and the kernel still accepts connections on its ports;
 * only a reply shows it works.
 */
public final class SilentNodes {
    private SilentNodes() {
    }

    /**
     * The nodes of {@code nodes} whose CQL port ({@code cql}) gives no reply within {@code each}
     * (connect and reply: at least 2 s for the reply, {@link CqlProbe}'s floor); over TLS when
     * {@code tls} is given.
     */
    public static <N> List<N> of(List<N> nodes, Function<N, InetSocketAddress> cql, Duration each, SSLContext tls) {
        int millis = (int) Math.min(Integer.MAX_VALUE, each.toMillis());
        return nodes.stream().filter(n -> !CqlProbe.answers(cql.apply(n), millis, tls)).toList();
    }
}
