package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.internal.core.config.typesafe.DefaultDriverConfigLoader;
import com.datastax.oss.driver.internal.core.config.typesafe.DefaultProgrammaticDriverConfigLoaderBuilder;
import com.typesafe.config.ConfigFactory;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;
import org.metricsstress.config.ClusterSection;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.result.ClusterFacts;
import java.util.Locale;

/**
 * The driver settings that decide how a run's requests fail: the request timeout, the retry policy,
 * the pool and the requests per connection. With the OpenNMS writer they are OpenNMS's: Newts 3.0.0's
 * session sets no timeout and no retry policy, so the driver's reference.conf applies (2 s,
 * DefaultRetryPolicy, statements not idempotent, 256 orphaned stream ids per connection), unless its
 * driver-settings-file ({@code --driver-config}) says otherwise. What the session ended up with is read
 * back from it, so the report says what applied, not what was meant.
 */
public final class DriverSettings {
    private DriverSettings() {}

    /** The builder: on the driver's reference.conf, or on the --driver-config file over it. */
    static ProgrammaticDriverConfigLoaderBuilder builder(StressConfig c, ClassLoader loader) {
        if (c.cluster().driverConfig() == null) {
            return DriverConfigLoader.programmaticBuilder(loader);
        }
        File file = c.cluster().driverConfig().toFile();
        return new DefaultProgrammaticDriverConfigLoaderBuilder(() -> {
            ConfigFactory.invalidateCaches();
            return ConfigFactory.parseFile(file).withFallback(ConfigFactory.defaultReference(loader));
        }, DefaultDriverConfigLoader.DEFAULT_ROOT_PATH);
    }

    /** The retry policy, idempotence and orphan bound for the run's writer model. */
    static void retriesAndOrphans(StressConfig c, ProgrammaticDriverConfigLoaderBuilder cfg) {
        WriterModel model = c.pipeline().model();
        boolean file = c.cluster().driverConfig() != null;
        int retries = c.cluster().retries();
        if (retries == ClusterSection.DRIVER_RETRIES) {
            if (!file) {
                cfg.withString(DefaultDriverOption.RETRY_POLICY_CLASS, "DefaultRetryPolicy");
            }
        } else if (retries > 0 && model.retriesInDriver()) {
            // The model sends each request once (OpenNMS's workers): the driver is the only place a retry can happen.
            cfg.withString(DefaultDriverOption.RETRY_POLICY_CLASS, RetryUpTo.class.getName())
                    .withInt(RetryUpTo.MAX_RETRIES, retries);
        } else {
            // Every retry of a model that retries itself (the pipelined writer) is its own, counted.
            cfg.withString(DefaultDriverOption.RETRY_POLICY_CLASS, NoDriverRetries.class.getName());
        }
        if (model.idempotentWrites()) {
            // Samples and index rows are the same key with the same value however often written.
            cfg.withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
                    // A request the client gave up on keeps its stream id until the node answers; past
                    // the driver's bound of such ids it closes the connection and fails everything else
                    // on it ("Channel is closing"), turning a slow DC into errors of another class. The
                    // in-flight bound limits them; the driver wants fewer than its per-connection cap.
                    .withInt(DefaultDriverOption.CONNECTION_MAX_ORPHAN_REQUESTS,
                            Math.min(c.cluster().maxRequestsPerConnection() - 1, Math.max(1024, c.pipeline().maxInFlight()) + 1));
        } else if (c.cluster().speculativeDelay() != null) {
            // The driver speculates only on idempotent requests.
            cfg.withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true);
        } else if (!file) {
            // Newts marks none of its statements idempotent: the driver's default, said for the reader.
            cfg.withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, false);
        }
    }

    /** What the session holds, for the result's {@code cluster.driver} and the run's header. */
    public static ClusterFacts.DriverFacts describe(CqlSession session, StressConfig c) {
        return describe(session.getContext().getConfig().getDefaultProfile(), c);
    }

    static ClusterFacts.DriverFacts describe(DriverExecutionProfile p, StressConfig c) {
        return new ClusterFacts.DriverFacts(p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT).toMillis(),
                retryPolicy(p, c), p.getInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE),
                p.getInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS),
                p.getInt(DefaultDriverOption.CONNECTION_MAX_ORPHAN_REQUESTS),
                p.getBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE), from(c));
    }

    /** The header's line. */
    public static String line(ClusterFacts.DriverFacts d) {
        return String.format(Locale.ROOT,
                "driver: request timeout %s ms, retries %s, %s connection(s) per node x %s requests, idempotent %s (%s)",
                d.requestTimeoutMs(), d.retryPolicy(), d.connectionsPerHost(), d.maxRequestsPerConnection(),
                d.idempotent(), d.from());
    }

    private static String retryPolicy(DriverExecutionProfile p, StressConfig c) {
        String cls = p.getString(DefaultDriverOption.RETRY_POLICY_CLASS);
        String simple = cls.substring(cls.lastIndexOf('.') + 1);
        if (simple.equals(NoDriverRetries.class.getSimpleName())) {
            int n = c.cluster().retries();
            return n > 0 ? "up to " + n + " (this tool's, counted)" : "none";
        }
        if (simple.equals(RetryUpTo.class.getSimpleName())) {
            return "up to " + p.getInt(RetryUpTo.MAX_RETRIES) + " (the driver's, counted)";
        }
        return simple + " (the driver's, counted)";
    }

    private static String from(StressConfig c) {
        if (c.cluster().driverConfig() != null) {
            return "--driver-config " + c.cluster().driverConfig() + ", options given win";
        }
        return c.pipeline().model().driverDefaultsFrom();
    }
}
