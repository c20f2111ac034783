package org.metricsstress.cli;

import java.io.PrintStream;
import java.net.URI;
import java.util.Locale;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.cluster.tsdb.LocalTsdbException;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine.ParseResult;

/**
 * {@code --embedded-tsdb prometheus|victoriametrics}: the throwaway local receiver a TSS run
 * writes to, as {@code --embedded} starts Cassandra; checked before anything starts.
 */
final class EmbeddedReceiver {
    /** Where a run's configuration is checked before the receiver exists: replaced once it has started. */
    static final URI NOT_YET = URI.create("http://127.0.0.1:1/api/v1/write");

    private EmbeddedReceiver() {}

    /** The kind asked for, or null; a mistake in it (or beside it) is a one-line ConfigException. */
    static LocalTsdb.Kind asked(ParseResult parsed) {
        String text = parsed.matchedOptionValue(LocalClusterOptionDefs.EMBEDDED_TSDB.longName(), null);
        if (text == null) {
            return null;
        }
        if (parsed.hasMatchedOption(StressOptions.TSS_WRITE_URL.longName())) {
            throw new ConfigException("--embedded-tsdb starts its own receiver: leave out --tss-write-url");
        }
        for (LocalTsdb.Kind k : LocalTsdb.Kind.values()) {
            if (k.name().equalsIgnoreCase(text.trim()) || k.label().equalsIgnoreCase(text.trim())) {
                return k;
            }
        }
        throw new ConfigException("--embedded-tsdb: prometheus or victoriametrics, got '" + text.trim() + "'");
    }

    /** Points the run at the receiver to be started, so that the configuration can be checked now. */
    static void checkWith(StressConfig.Builder b, LocalTsdb.Kind kind) {
        if (kind == null) {
            return;
        }
        b.tssWriteUrl(NOT_YET);
        StressConfig c = b.build();
        if (!c.pipeline().writers().paths().contains(org.metricsstress.config.Writer.TSS)) {
            throw new ConfigException("--embedded-tsdb: starts a receiver for --writer tss (or opennms,tss); --writer is "
                    + c.pipeline().writers().text());
        }
    }

    /** Starts it, or null when none was asked; the run is pointed at it. */
    static LocalTsdb start(LocalTsdb.Kind kind, StressConfig.Builder b, PrintStream out) throws LocalTsdbException {
        if (kind == null) {
            return null;
        }
        LocalTsdb tsdb = LocalTsdb.start(kind, out);
        b.tssWriteUrl(tsdb.writeUrl());
        return tsdb;
    }

    static String name(LocalTsdb.Kind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
