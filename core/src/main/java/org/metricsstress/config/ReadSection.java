package org.metricsstress.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
        if (freshnessDc != null) {
            dcsOf(freshnessDc);
        }
        if (readHot != null && readRate == null) {
            throw new ConfigException("--read-hot: shapes the reads of --read-rate; add --read-rate");
        }
        if (readWindow.toMillis() < 1000) {
            throw new ConfigException("--read-window: at least 1s, got " + Parse.format(readWindow));
        }
    }

    /**
     * The DCs the probes read through, each on a connection local to it (its replication lag), in
     * the order given; empty without --freshness-dc (the probes read through the run's own session).
     */
    public List<String> freshnessDcs() {
        return freshnessDc == null ? List.of() : dcsOf(freshnessDc);
    }

    private static List<String> dcsOf(String text) {
        List<String> dcs = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String dc = part.trim();
            if (dc.isEmpty()) {
                throw new ConfigException("--freshness-dc: '" + text + "' has an empty DC name; give DC or DC,DC,...");
            }
            if (dcs.contains(dc)) {
                throw new ConfigException("--freshness-dc: " + dc + " is given twice");
            }
            dcs.add(dc);
        }
        return List.copyOf(dcs);
    }
}
