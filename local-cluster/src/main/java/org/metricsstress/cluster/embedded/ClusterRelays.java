package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.distance.DelayRelay;
import org.metricsstress.cluster.distance.Routes;
import org.metricsstress.cluster.distance.SenderRoute;

/** The delay relays of an embedded cluster whose DCs are apart ({@code --embedded-latency}). */
final class ClusterRelays {
    private ClusterRelays() {
    }

    /** Where node N's relay listens: 127.0.1.N for 127.0.0.N. */
    static String address(ClusterLayout.Member m) {
        return m.address().replaceFirst("^127\\.0\\.0\\.", "127.0.1.");
    }

    /**
     * A relay per node in front of its storage port (the sender's DC chosen from the handshake), and
     * in front of the CQL port of each node outside the client's DC (the first one).
     */
    static void start(ClusterLayout layout, Routes routes, int storage, int cql,
            List<DelayRelay> relays) throws LocalClusterException {
        Map<Integer, String> dcByAddress = new HashMap<>();
        for (ClusterLayout.Member m : layout.members()) {
            dcByAddress.put(ipv4(m.address()), m.dc());
            dcByAddress.put(ipv4(address(m)), m.dc());
        }
        try {
            for (ClusterLayout.Member m : layout.members()) {
                InetAddress node = InetAddress.getByName(m.address());
                InetAddress relay = InetAddress.getByName(address(m));
                relays.add(DelayRelay.start("storage-" + m.address(), new InetSocketAddress(relay, storage),
                        new InetSocketAddress(node, storage), new SenderRoute(routes, m.dc(), dcByAddress)));
                if (!m.dc().equals(layout.firstDc())) {
                    Routes.Route fromClient = routes.between(layout.firstDc(), m.dc());
                    relays.add(DelayRelay.start("cql-" + m.address(), new InetSocketAddress(relay, cql),
                            new InetSocketAddress(node, cql), first -> fromClient));
                }
            }
        } catch (IOException e) {
            throw new LocalClusterException("cannot start a delay relay: " + e.getMessage(), e);
        }
    }

    private static int ipv4(String address) {
        String[] p = address.split("\\.");
        return (Integer.parseInt(p[0]) << 24) | (Integer.parseInt(p[1]) << 16) | (Integer.parseInt(p[2]) << 8)
                | Integer.parseInt(p[3]);
    }
}
