package org.metricsstress.api;

import org.metricsstress.engine.Version;

/** What a front end shows about this build. */
public final class Tool {
    private Tool() {}

    /** This build's version, as {@code --version} shows it. */
    public static String version() {
        return Version.get();
    }

    /** What {@code --version} prints, in the jar and in Karaf: the version and the commit it was built from. */
    public static String versionLine() {
        String commit = Version.gitCommit();
        return "metrics-stress " + Version.get() + " (commit "
                + (commit.length() > 12 ? commit.substring(0, 12) : commit) + ")";
    }
}
