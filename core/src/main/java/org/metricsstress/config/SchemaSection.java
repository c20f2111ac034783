package org.metricsstress.config;

import java.time.Duration;
import java.util.regex.Pattern;

/** The Newts keyspace and its tables' options (help section "schema"). */
public record SchemaSection(
        String keyspace,
        Replication replication,
        Duration twcsWindow,
        Duration gcGrace,
        Duration ttl) {

    /** Cassandra refuses TTLs above 20 years. */
    static final long MAX_TTL_SECONDS = 630_720_000L;

    private static final Pattern CQL_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    public SchemaSection {
        if (!CQL_NAME.matcher(keyspace).matches()) {
            throw new ConfigException("--keyspace: '" + keyspace
                    + "' is not a keyspace name (a letter, then letters, digits or _; at most 48)");
        }
        if (twcsWindow.toMinutes() < 1 || twcsWindow.toMillis() % 60_000 != 0) {
            throw new ConfigException("--twcs-window: must be whole minutes, hours or days (e.g. 7d), got "
                    + Parse.format(twcsWindow));
        }
        if (ttl.getSeconds() > MAX_TTL_SECONDS || ttl.toMillis() % 1000 != 0) {
            throw new ConfigException("--ttl: whole seconds up to 20 years (630720000s), got " + Parse.format(ttl));
        }
        if (gcGrace.toMillis() % 1000 != 0 || gcGrace.getSeconds() > Integer.MAX_VALUE) {
            throw new ConfigException("--gc-grace: whole seconds, got " + Parse.format(gcGrace));
        }
    }

    /**
     * The keyspace's replication: {@code --replication}, or else RF 1 in {@code localDc}, the data
     * centre the client connects to. The one place that default is decided.
     */
    public Replication replicationIn(String localDc) {
        return replication != null ? replication : Replication.of(localDc, 1);
    }
}
