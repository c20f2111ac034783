package org.metricsstress.engine;

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
            return com.datastax.oss.driver.api.core.session.Session.OSS_DRIVER_COORDINATES.getVersion().toString();
        } catch (RuntimeException | LinkageError e) {
            return "unknown";
        }
    }

    private static String build(String key, String fallback) {
        try (java.io.InputStream in = Version.class.getResourceAsStream("/metrics-stress-build.properties")) {
            if (in == null) {
                return fallback;
            }
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            String v = p.getProperty(key, "");
            return v.isEmpty() || v.startsWith("${") ? fallback : v;
        } catch (java.io.IOException e) {
            return fallback;
        }
    }
}
