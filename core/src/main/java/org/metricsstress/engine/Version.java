package org.metricsstress.engine;

/** The tool's version, from the jar manifest when there is one. */
public final class Version {
    private Version() {}

    public static String get() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
