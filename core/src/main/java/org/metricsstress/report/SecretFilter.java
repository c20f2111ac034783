package org.metricsstress.report;

import java.util.Locale;

/** Keeps credentials out of the page, whatever map they turn up in. */
final class SecretFilter {
    private SecretFilter() {}

    /**
     * The config map is built without secrets; this is a second fence in case a future map grows a
     * credential. Flags such as {@code password-set: true} say nothing secret and stay.
     */
    static boolean hides(String key, Object value) {
        if (key == null || value instanceof Boolean) {
            return false;
        }
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("password") || k.contains("secret") || k.contains("credential");
    }
}
