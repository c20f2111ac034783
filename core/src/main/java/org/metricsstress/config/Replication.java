package org.metricsstress.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.Collections;

/**
 * Replication for NetworkTopologyStrategy: data centre name to replication factor, in the order the
 * user wrote them ({@code dc1:3,dc2:3}).
 */
public record Replication(Map<String, Integer> factors) {
    private static final Pattern DC = Pattern.compile("[A-Za-z0-9_.\\-]+");

    public Replication {
        factors = Collections.unmodifiableMap(new LinkedHashMap<>(factors));
    }

    public static Replication of(String dc, int factor) {
        return new Replication(Map.of(dc, factor));
    }

    public static Replication parse(String option, String value) {
        Map<String, Integer> factors = new LinkedHashMap<>();
        for (String part : value.split(",")) {
            String p = part.trim();
            int colon = p.lastIndexOf(':');
            if (colon <= 0 || colon == p.length() - 1) {
                throw new ConfigException(option + ": '" + p + "' is not dc:factor (e.g. --replication dc1:3,dc2:3)");
            }
            String dc = p.substring(0, colon).trim();
            if (!DC.matcher(dc).matches()) {
                throw new ConfigException(option + ": '" + dc + "' is not a data centre name (letters, digits, _ . -)");
            }
            int rf;
            try {
                rf = Integer.parseInt(p.substring(colon + 1).trim());
            } catch (NumberFormatException e) {
                throw new ConfigException(option + ": replication factor in '" + p + "' is not a whole number");
            }
            if (rf < 1) {
                throw new ConfigException(option + ": replication factor in '" + p + "' must be at least 1");
            }
            if (factors.put(dc, rf) != null) {
                throw new ConfigException(option + ": data centre '" + dc + "' named twice");
            }
        }
        return new Replication(factors);
    }

    /** The CQL map literal for {@code CREATE KEYSPACE ... WITH replication = ...}. */
    public String toCql() {
        StringBuilder sb = new StringBuilder("{'class': 'NetworkTopologyStrategy'");
        factors.forEach((dc, rf) -> sb.append(", '").append(dc).append("': ").append(rf));
        return sb.append('}').toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        factors.forEach((dc, rf) -> sb.append(sb.length() == 0 ? "" : ",").append(dc).append(':').append(rf));
        return sb.toString();
    }
}
