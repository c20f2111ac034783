package org.metricsstress.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What a Java driver configuration file (OpenNMS's {@code org.opennms.newts.config.driver-settings-file})
 * sets of the settings a run reports: the request timeout, the pool and the requests per connection.
 * A setting the file leaves out is the driver's reference.conf value, as the driver itself reads it.
 */
public record DriverConfigFile(Duration requestTimeout, int connectionsPerHost, int maxRequestsPerConnection) {
    static final String ROOT = "datastax-java-driver";

    public static DriverConfigFile read(Path file) {
        try {
            Config all = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false))
                    .resolve(ConfigResolveOptions.defaults().setAllowUnresolved(true));
            Config d = all.hasPath(ROOT) ? all.getConfig(ROOT) : ConfigFactory.empty();
            return new DriverConfigFile(
                    d.hasPath("basic.request.timeout") ? d.getDuration("basic.request.timeout")
                            : ClusterSection.DRIVER_REQUEST_TIMEOUT,
                    d.hasPath("advanced.connection.pool.local.size") ? d.getInt("advanced.connection.pool.local.size")
                            : ClusterSection.DRIVER_POOL_SIZE,
                    d.hasPath("advanced.connection.max-requests-per-connection")
                            ? d.getInt("advanced.connection.max-requests-per-connection")
                            : ClusterSection.DRIVER_MAX_REQUESTS_PER_CONNECTION);
        } catch (com.typesafe.config.ConfigException e) {
            throw new ConfigException("--driver-config: " + file + ": " + oneLine(e.getMessage()));
        }
    }

    private static String oneLine(String s) {
        return s == null ? "cannot read it" : s.replace('\n', ' ');
    }
}
