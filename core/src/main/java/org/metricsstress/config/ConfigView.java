package org.metricsstress.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.net.URI;

/**
 * The settings of a run as the user would type them, keyed by long option name without dashes,
 * derived from the option table: every option that shapes the measurement, in table order.
 * Secrets are never included, only whether one was set; where the figures go (output files,
 * endpoints) is not a setting of the measurement and is left out.
 */
public final class ConfigView {
    private ConfigView() {}

    /** A URI without its user-info, which may hold a password. */
    public static String redacted(URI uri) {
        return ValueType.redacted(uri);
    }

    public static Map<String, Object> of(StressConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (OptionDef d : StressOptions.all()) {
            if (d.shownInResults()) {
                m.put(d.key(), d.inResult(c));
            }
        }
        m.put("password-set", c.cluster().password() != null);
        m.put("redis-password-set", c.index().redisPassword() != null);
        return m;
    }
}
