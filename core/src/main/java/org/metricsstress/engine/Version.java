package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.session.Session;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The tool's version, from the jar manifest when there is one. */
public final class Version {
    private Version() {}

    public static String get() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? build("version", "dev") : v;
    }

    /** The commit the tool was built from, recorded at build time; "unknown" outside a git checkout. */
    public static String gitCommit() {
        return build("commit", "unknown");
    }

    public static String driver() {
        try {
            return Session.OSS_DRIVER_COORDINATES.getVersion().toString();
        } catch (RuntimeException | LinkageError e) {
            return "unknown";
        }
    }

    private static String build(String key, String fallback) {
        try (InputStream in = Version.class.getResourceAsStream("/metrics-stress-build.properties")) {
            if (in == null) {
                return fallback;
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty(key, "");
            return v.isEmpty() || v.startsWith("${") ? fallback : v;
        } catch (IOException e) {
            return fallback;
        }
    }
}
