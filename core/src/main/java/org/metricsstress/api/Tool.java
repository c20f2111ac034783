package org.metricsstress.api;

import org.metricsstress.engine.Version;

/** What a front end shows about this build. */
public final class Tool {
    private Tool() {}

    /** This build's version, as {@code --version} shows it. */
    public static String version() {
        return Version.get();
    }
}
