package org.metricsstress.newts;

import java.util.ArrayList;
import java.util.List;

/**
 * What OpenNMS writes to the Newts index for the stress command's data, row for row: the rules of
 * Newts 3.0.0's {@code CassandraIndexer} under OpenNMS's indexing options
 * ({@code NewtsUtils.INDEXING_OPTIONS}: hierarchical indexing, resource terms and the default
 * {@code _all} term all OFF), fed with the resources OpenNMS's persister builds.
 *
 * <ul>
 *   <li>A group resource ({@code snmp:fs:STRESS:n:tapI:groupG}) carries as attributes each numeric
 *       metric's id (key = value = the metric name) and {@code _idx0.._idx5}, whose value is
 *       {@code (prefix,6)} for the first 1..6 elements of its id ({@code NewtsUtils.addIndicesToAttributes}).
 *       Each attribute is one {@code terms} row (field = key) and one {@code resource_attributes}
 *       row; each metric one {@code resource_metrics} row.
 *   <li>A group's string attributes belong to its interface resource ({@code snmp:fs:STRESS:n:tapI}),
 *       carried by an index-only sample named {@value #STRINGS_METRIC}: one {@code terms} and one
 *       {@code resource_attributes} row per attribute, and one {@code resource_metrics} row
 *       {@value #STRINGS_METRIC} for the interface.
 * </ul>
 *
 * <p>Hierarchical indexing ({@code _parent}/{@code _all} terms) is not offered: OpenNMS turns it
 * off, and the people this tool is for size clusters for OpenNMS.
 */
public final class IndexRules {
    /** The metric name of OpenNMS's index-only sample for string attributes ({@code NewtsUtils.createSampleForIndexingStrings}). */
    public static final String STRINGS_METRIC = "strings";

    /** Elements of a group resource's id: snmp, fs, STRESS, node, tapI, groupG. */
    public static final int GROUP_ELEMENTS = 6;

    private static final String[] INDEX_KEYS = {"_idx0", "_idx1", "_idx2", "_idx3", "_idx4", "_idx5"};

    private IndexRules() {}

    /** A {@code terms} row: field, value, resource. */
    public record Term(String field, String value, String resource) {}

    /** A resource attribute: one {@code terms} row and one {@code resource_attributes} row. */
    public record Attribute(String key, String value) {
        public Term term(String resource) {
            return new Term(key, value, resource);
        }
    }

    /** Attributes of a group resource: its metric ids, then {@code _idx0.._idx5}. */
    public static int groupAttributeCount(int attributes) {
        return attributes + GROUP_ELEMENTS;
    }

    /** The attributes OpenNMS gives a group resource, in the order its persister adds them. */
    public static List<Attribute> groupAttributes(String groupResource, int group, int attributes) {
        List<Attribute> out = new ArrayList<>(groupAttributeCount(attributes));
        for (int a = 0; a < attributes; a++) {
            String id = ResourceNames.metricName(group, a);
            out.add(new Attribute(id, id));
        }
        for (int i = 0; i < GROUP_ELEMENTS; i++) {
            out.add(new Attribute(INDEX_KEYS[i], indexValue(groupResource, i)));
        }
        return out;
    }

    /**
     * {@code _idx<i>}'s value for a group resource: {@code (first i+1 elements of its id,6)}. The ids
     * of this plan have no {@code :} or {@code \} inside an element, so the prefix is the id up to
     * its (i+1)-th separator, as Newts' escaping splitter would join it.
     */
    public static String indexValue(String groupResource, int i) {
        int end = -1;
        for (int k = 0; k <= i; k++) {
            end = groupResource.indexOf(':', end + 1);
            if (end < 0) {
                end = groupResource.length();
                break;
            }
        }
        return "(" + groupResource.substring(0, end) + "," + GROUP_ELEMENTS + ")";
    }

    /**
     * The search OpenNMS's resource tree makes to list a node's resources
     * ({@code NewtsUtils.findResourcesWithMetricsAtDepth(nodePath, 1)}): {@code _idx3 = (snmp:fs:STRESS:n,6)},
     * which every group resource of node n carries.
     */
    public static Term nodeResourcesSearch(int node) {
        return new Term(INDEX_KEYS[3], "(" + ResourceNames.PREFIX + node + "," + GROUP_ELEMENTS + ")", null);
    }

    /** Key of string attribute {@code s} of a group: {@code group<g>-key-<s>}. */
    public static String stringKey(int group, int s) {
        return "group" + group + "-key-" + s;
    }

    /** Value of string attribute {@code s} of a group: {@code group<g>-value-<s>} and the group's -z suffix. */
    public static String stringValue(int group, int s, String suffix) {
        return "group" + group + "-value-" + s + suffix;
    }

    /**
     * OpenNMS's {@code -z N}: a group whose (node+1)(interface+1)(group+1) is a multiple of N gets
     * unique string values, the suffix {@code -<that product>-varied}; the same every interval, so
     * they are new once (int arithmetic, as OpenNMS computes it). Empty for the other groups.
     */
    public static String variedSuffix(int node, int iface, int group, int factor) {
        return varies(node, iface, group, factor) ? "-" + (node + 1) * (iface + 1) * (group + 1) + "-varied" : "";
    }

    /** Whether {@link #variedSuffix} is not empty: no String made, for the per-commit path. */
    public static boolean varies(int node, int iface, int group, int factor) {
        return factor > 0 && (node + 1) * (iface + 1) * (group + 1) % factor == 0;
    }

    /** The string attributes a group puts on its interface resource. */
    public static List<Attribute> stringAttributes(int group, int strings, String suffix) {
        List<Attribute> out = new ArrayList<>(strings);
        for (int s = 0; s < strings; s++) {
            out.add(new Attribute(stringKey(group, s), stringValue(group, s, suffix)));
        }
        return out;
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
