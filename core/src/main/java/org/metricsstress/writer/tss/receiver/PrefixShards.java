package org.metricsstress.writer.tss.receiver;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Cuts a metric name's resourceIds into disjoint shards of at most {@code max} by their prefix,
 * each a regex on {@code resourceId}: VictoriaMetrics refuses a query over more series than
 * {@code -search.maxUniqueTimeseries}, and one answer of a few hundred thousand series is a
 * heap's worth for both receivers.
 */
final class PrefixShards {
    private PrefixShards() {
    }

    /** Regexes (RE2, as both receivers read them) that together match every id once. */
    static List<String> of(List<String> sortedIds, int max) {
        List<String> shards = new ArrayList<>();
        split(sortedIds, "", max, shards);
        return shards;
    }

    private static void split(List<String> ids, String prefix, int max, List<String> out) {
        if (ids.size() <= max) {
            out.add(quote(prefix) + ".*");
            return;
        }
        // Grouped by the character after the prefix; the id that is the prefix itself matches exactly.
        TreeMap<Character, List<String>> byNext = new TreeMap<>();
        for (String id : ids) {
            if (id.length() == prefix.length()) {
                out.add(quote(prefix));
            } else {
                byNext.computeIfAbsent(id.charAt(prefix.length()), c -> new ArrayList<>()).add(id);
            }
        }
        byNext.forEach((c, group) -> split(group, prefix + c, max, out));
    }

    /** The id as a literal in a regex. */
    static String quote(String literal) {
        StringBuilder b = new StringBuilder(literal.length() + 8);
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if ("\\.+*?()|[]{}^$".indexOf(c) >= 0) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }
}
