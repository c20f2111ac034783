package org.metricsstress.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Defaults a command sets over the table's, as the user would type them: kept in typing order, and
 * shown back as a command line. Apart from {@link StressOptions} so that an option holder (bench's
 * {@code --smoke} help names its defaults) can use it without initialising the table it is part of.
 */
final class CommandDefaults {
    private CommandDefaults() {}

    /** {@code "--nodes", "20", "--interfaces", "2"} as an ordered map. */
    static Map<String, String> ordered(String... namesAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }

    /** Defaults as they would be typed: {@code --nodes 20 --interfaces 2}. */
    static String typed(Map<String, String> defaults) {
        StringBuilder sb = new StringBuilder();
        defaults.forEach((name, value) -> sb.append(sb.length() == 0 ? "" : " ").append(name).append(' ').append(value));
        return sb.toString();
    }
}
