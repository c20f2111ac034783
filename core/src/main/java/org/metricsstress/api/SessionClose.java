package org.metricsstress.api;

import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import org.metricsstress.storage.CassandraConnector;

/** The tool's session close, for the local clusters' own sessions (see {@link CassandraConnector#closeQuickly}). */
public final class SessionClose {
    private SessionClose() {}

    public static ProgrammaticDriverConfigLoaderBuilder quickly(ProgrammaticDriverConfigLoaderBuilder cfg) {
        return CassandraConnector.closeQuickly(cfg);
    }
}
