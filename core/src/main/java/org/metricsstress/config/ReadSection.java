package org.metricsstress.config;

import java.time.Duration;
import java.util.Locale;

/** Reads alongside the writes (help section "reads"): range reads, searches and freshness probes. */
public record ReadSection(
        Double readRate,
        Duration readWindow,
        HotSet readHot,
        Double searchRate,
        Double freshnessProbes,
        String freshnessDc,
        String readConsistency,
        int readMaxInFlight) {

    public ReadSection {
        String cl = readConsistency.toUpperCase(Locale.ROOT);
        if (!Checks.CONSISTENCY_LEVELS.contains(cl) || cl.equals("ANY") || cl.equals("EACH_QUORUM")) {
            throw new ConfigException("--read-cl: '" + readConsistency + "' is not a read consistency level ("
                    + "ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM)");
        }
        readConsistency = cl;
        Checks.atLeast("--read-max-in-flight", readMaxInFlight, 1);
        if (freshnessDc != null && freshnessProbes == null) {
            throw new ConfigException("--freshness-dc: says where --freshness-probes read; add --freshness-probes");
        }
        if (readHot != null && readRate == null) {
            throw new ConfigException("--read-hot: shapes the reads of --read-rate; add --read-rate");
        }
        if (readWindow.toMillis() < 1000) {
            throw new ConfigException("--read-window: at least 1s, got " + Parse.format(readWindow));
        }
    }
}
