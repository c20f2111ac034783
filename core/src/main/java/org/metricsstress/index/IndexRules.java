package org.metricsstress.index;

import java.util.ArrayList;
import java.util.List;

/**
 * What Newts writes to its index for a resource, reduced to the stress shape. These are the rules
 * of the Newts Cassandra indexer (with hierarchical indexing on, as OpenNMS configures it):
 *
 * <ul>
 *   <li>a new resource: one {@code terms} row {@code (_all, element)} per element of its id (split
 *       at {@code :}), and one {@code (_parent, parent-id)} row for it and for every ancestor, the
 *       top element getting {@code (_parent, _root)};
 *   <li>an attribute {@code key=value}: {@code terms} rows {@code (_all, value)} and
 *       {@code (key, value)}, and a {@code resource_attributes} row;
 *   <li>a metric: a {@code resource_metrics} row.
 * </ul>
 *
 * <p>In the stress shape, numeric metrics {@code metric_<g>_<a>} belong to the group resource and
 * string attributes {@code group<g>-key-<s> = group<g>-value-<s>} to the interface resource. With
 * {@code -z N}, groups whose resource key is a multiple of N get values that change every
 * interval ({@code ...-value-<s>-<timestamp>}), so they are indexed again each time.
 */
public final class IndexRules {
    public static final String ALL = "_all";
    public static final String PARENT = "_parent";
    public static final String ROOT = "_root";

    private IndexRules() {}

    /** A {@code terms} row: field, value, resource. */
    public record Term(String field, String value, String resource) {}

    /** The {@code terms} rows for a resource itself (not its attributes): 2 per element of its id. */
    public static List<Term> resourceTerms(String resource) {
        List<Term> terms = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= resource.length(); i++) {
            if (i == resource.length() || resource.charAt(i) == ':') {
                terms.add(new Term(ALL, resource.substring(start, i), resource));
                start = i + 1;
            }
        }
        String child = resource;
        while (true) {
            int cut = child.lastIndexOf(':');
            if (cut < 0) {
                terms.add(new Term(PARENT, ROOT, child));
                break;
            }
            String parent = child.substring(0, cut);
            terms.add(new Term(PARENT, parent, child));
            child = parent;
        }
        return terms;
    }

    /** The {@code terms} rows for one attribute of a resource. */
    public static List<Term> attributeTerms(String resource, String key, String value) {
        return List.of(new Term(ALL, value, resource), new Term(key, value, resource));
    }

    public static String stringKey(int group, int s) {
        return "group" + group + "-key-" + s;
    }

    /** The value of string attribute {@code s} of a group at a timestamp. */
    public static String stringValue(int group, int s, boolean varies, long timestampMillis) {
        String v = "group" + group + "-value-" + s;
        return varies ? v + "-" + timestampMillis : v;
    }

    /** Whether a group's string values change every interval under {@code -z factor}. */
    public static boolean stringsVary(int resourceKey, int factor) {
        return factor > 0 && resourceKey % factor == 0;
    }

    /** The group number of an attribute key written by {@link #stringKey}, or -1. */
    public static int groupOfStringKey(String key) {
        if (!key.startsWith("group")) {
            return -1;
        }
        int dash = key.indexOf("-key-");
        if (dash < 0) {
            return -1;
        }
        try {
            return Integer.parseInt(key.substring(5, dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
