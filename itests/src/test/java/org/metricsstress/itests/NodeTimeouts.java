package org.metricsstress.itests;

import java.time.Duration;
import javax.management.Attribute;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;

/**
 * What {@code nodetool settimeout write N} does, for tests that judge where rows go rather than how
 * fast: a node coordinating a write gives up on it after cassandra.yaml's write_request_timeout
 * (2 s by default) and answers WriteTimeout, whatever the client's own request timeout. On a 2-core
 * CI machine running three modules' nodes at once, a fresh node's queue can hold a burst that long.
 */
final class NodeTimeouts {
    private NodeTimeouts() {}

    /** Sets the node's write timeout (as coordinator, local writes included) and reads it back. */
    static long write(EmbeddedCassandra node, Duration timeout) throws Exception {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + node.jmxPort() + "/jmxrmi");
        try (JMXConnector jmx = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection server = jmx.getMBeanServerConnection();
            ObjectName storage = new ObjectName("org.apache.cassandra.db:type=StorageService");
            // A getter and setter pair, so JMX shows it as an attribute, not as operations.
            server.setAttribute(storage, new Attribute("WriteRpcTimeout", timeout.toMillis()));
            return (Long) server.getAttribute(storage, "WriteRpcTimeout");
        }
    }
}
