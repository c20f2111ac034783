package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;

/** The driver configuration a run gets, read back as the driver reads it (no session needed). */
class DriverSettingsTest {
    @TempDir
    Path dir;

    private static StressConfig parse(String... pairs) {
        StressConfig.Builder b = StressConfig.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            StressOptions.byName(pairs[i]).apply(b, pairs[i + 1]);
        }
        return b.build();
    }

    private static DriverExecutionProfile profile(StressConfig c) {
        return CassandraConnector.driverConfig(c, null, CassandraConnector.driverLoader()).build().getInitialConfig().getDefaultProfile();
    }

    @Test
    void theOpenNmsWriterGetsTheDriversDefaultsAsNewtsLeavesThem() {
        DriverExecutionProfile p = profile(parse());
        assertEquals(Duration.ofSeconds(2), p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT));
        assertEquals("DefaultRetryPolicy", p.getString(DefaultDriverOption.RETRY_POLICY_CLASS));
        assertEquals(1, p.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE));
        assertEquals(1024, p.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS));
        assertEquals(256, p.getInt(DefaultDriverOption.CONNECTION_MAX_ORPHAN_REQUESTS));
        assertFalse(p.getBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE));
        assertEquals("DefaultRetryPolicy (the driver's, counted)", DriverSettings.describe(p, parse()).retryPolicy());
    }

    @Test
    void aSessionClosesAfterAShortQuietPeriod() {
        // Its requests are settled before it closes; the reference.conf's 2 s would end every run 2 s late.
        for (StressConfig c : List.of(parse(), parse("--writer", "pipelined"))) {
            DriverExecutionProfile p = profile(c);
            assertEquals(200, p.getInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD));
            assertEquals(200, p.getInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD));
            assertEquals(15_000, p.getInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_TIMEOUT));
            assertEquals(15_000, p.getInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_TIMEOUT));
            assertEquals("MILLISECONDS", p.getString(DefaultDriverOption.NETTY_IO_SHUTDOWN_UNIT));
            assertEquals("MILLISECONDS", p.getString(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_UNIT));
        }
    }

    @Test
    void thePipelinedWriterKeepsItsOwn() {
        DriverExecutionProfile p = profile(parse("--writer", "pipelined", "--max-in-flight", "2048"));
        assertEquals(Duration.ofSeconds(10), p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT));
        assertTrue(p.getString(DefaultDriverOption.RETRY_POLICY_CLASS).endsWith("NoDriverRetries"));
        assertEquals(4096, p.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS));
        assertEquals(2049, p.getInt(DefaultDriverOption.CONNECTION_MAX_ORPHAN_REQUESTS));
        assertTrue(p.getBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE));
    }

    @Test
    void optionsGivenWin() {
        StressConfig c = parse("--request-timeout", "7s", "--retries", "3", "--connections-per-host", "4",
                "--max-requests-per-connection", "300");
        DriverExecutionProfile p = profile(c);
        assertEquals(Duration.ofSeconds(7), p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT));
        assertTrue(p.getString(DefaultDriverOption.RETRY_POLICY_CLASS).endsWith("RetryUpTo"));
        assertEquals(3, p.getInt(RetryUpTo.MAX_RETRIES));
        assertEquals(4, p.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE));
        assertEquals(4, p.getInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE));
        assertEquals(300, p.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS));
        org.metricsstress.result.ClusterFacts.DriverFacts d = DriverSettings.describe(p, c);
        assertEquals(7000L, d.requestTimeoutMs());
        assertEquals("up to 3 (the driver's, counted)", d.retryPolicy());
        assertEquals(0, "none".compareTo(String.valueOf(DriverSettings.describe(profile(parse("--retries", "0")),
                parse("--retries", "0")).retryPolicy())));
    }

    @Test
    void aDriverConfigFileReplacesTheDefaultsAsOpenNmsDriverSettingsFileDoes() throws IOException {
        Path file = dir.resolve("driver.conf");
        Files.writeString(file, "datastax-java-driver {\n basic.request.timeout = 12 seconds\n"
                + " advanced.retry-policy.class = ConsistencyDowngradingRetryPolicy\n"
                + " advanced.connection.pool.local.size = 3\n"
                + " advanced.connection.max-requests-per-connection = 2048\n"
                + " advanced.reconnection-policy.base-delay = 7 seconds\n}\n");
        StressConfig c = parse("--driver-config", file.toString());
        assertEquals(Duration.ofSeconds(12), c.cluster().requestTimeout());
        DriverExecutionProfile p = profile(c);
        assertEquals(Duration.ofSeconds(12), p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT));
        assertEquals("ConsistencyDowngradingRetryPolicy", p.getString(DefaultDriverOption.RETRY_POLICY_CLASS));
        assertEquals(3, p.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE));
        assertEquals(2048, p.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS));
        // A setting the run does not touch comes from the file too.
        assertEquals(Duration.ofSeconds(7), p.getDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY));
        // The run's own settings stay.
        assertEquals("metrics-stress", p.getString(DefaultDriverOption.SESSION_NAME));
        assertTrue(String.valueOf(DriverSettings.describe(p, c).from()).startsWith("--driver-config"));

        StressConfig overridden = parse("--driver-config", file.toString(), "--request-timeout", "1s");
        assertEquals(Duration.ofSeconds(1), profile(overridden).getDuration(DefaultDriverOption.REQUEST_TIMEOUT));
    }

    @Test
    void ourDefaultsAreTheDriversReferenceConf() {
        // The copies in ClusterSection must stay what the driver ships, as Newts' session leaves them.
        DriverExecutionProfile reference = com.datastax.oss.driver.api.core.config.DriverConfigLoader
                .programmaticBuilder(CassandraConnector.driverLoader()).build().getInitialConfig().getDefaultProfile();
        assertEquals(org.metricsstress.config.ClusterSection.DRIVER_REQUEST_TIMEOUT,
                reference.getDuration(DefaultDriverOption.REQUEST_TIMEOUT));
        assertEquals(org.metricsstress.config.ClusterSection.DRIVER_POOL_SIZE,
                reference.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE));
        assertEquals(org.metricsstress.config.ClusterSection.DRIVER_MAX_REQUESTS_PER_CONNECTION,
                reference.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS));
        assertEquals("DefaultRetryPolicy", reference.getString(DefaultDriverOption.RETRY_POLICY_CLASS));
    }
}
