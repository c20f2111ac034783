package org.metricsstress.config;

import java.nio.file.Path;
import java.time.Duration;

/** Where the figures go (help section "outputs"): report lines, files and live endpoints. */
public record OutputSection(
        Duration reportInterval,
        Path resultJson,
        Path reportHtml,
        Path adviceFile,
        Path hdrLog,
        Path csvDir,
        int prometheusPort,
        Duration prometheusLinger,
        boolean jmx) {

    /** {@link #prometheusPort()} when no endpoint is served. */
    public static final int NO_PORT = -1;

    public OutputSection {
        if (reportInterval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException("--report: must be at least 1s, got " + Parse.format(reportInterval));
        }
        if (prometheusPort != NO_PORT && (prometheusPort > 65535 || prometheusPort < 1)) {
            throw new ConfigException("--prometheus-port: a port from 1 to 65535, got " + prometheusPort);
        }
        if (prometheusLinger.isNegative()) {
            throw new ConfigException("--prometheus-linger: must be 0s or more, got " + Parse.format(prometheusLinger));
        }
    }
}
