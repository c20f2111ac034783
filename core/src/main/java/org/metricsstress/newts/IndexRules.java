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
 *   <li>A group resource ({@code snmp:n:tapI:groupG}, or {@code snmp:fs:STRESS:n:tapI:groupG} when
 *       OpenNMS stores by foreign source: {@link ResourceNames}) carries as attributes each numeric
 *       metric's id (key = value = the metric name) and {@code _idx0.._idx(E-1)}, whose value is
 *       {@code (prefix,E)} for the first 1..E elements of its id, E being its 4 or 6 elements
 *       ({@code NewtsUtils.addIndicesToAttributes}).
 *       Each attribute is one {@code terms} row (field = key) and one {@code resource_attributes}
 *       row; each metric one {@code resource_metrics} row.
 *   <li>A group's string attributes belong to its interface resource ({@code snmp:n:tapI}),
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

    /** Attributes of a group resource: its metric ids, then {@code _idx0..}, one per element of its id. */
    public static int groupAttributeCount(ResourceNames names, int attributes) {
        return attributes + names.groupElements();
    }

    /**
     * Index rows a group resource writes once, with its interface's share (its group's string
     * attributes, a term and an attribute row each; the interface's {@value #STRINGS_METRIC} metric
     * row, shared by its {@code groups}): {@code 2 x attributes of the group + metrics + 2 x strings
     * + 1 / groups}.
     */
    public static double rowsPerGroupResource(ResourceNames names, int attributes, int strings, int groups) {
        return 2 * groupAttributeCount(names, attributes) + attributes + 2 * strings + 1.0 / groups;
    }

    /** The attributes OpenNMS gives a group resource, in the order its persister adds them. */
    public static List<Attribute> groupAttributes(String groupResource, int group, int attributes) {
        int elements = elementsOf(groupResource);
        List<Attribute> out = new ArrayList<>(attributes + elements);
        for (int a = 0; a < attributes; a++) {
            String id = ResourceNames.metricName(group, a);
            out.add(new Attribute(id, id));
        }
        for (int i = 0; i < elements; i++) {
            out.add(new Attribute(INDEX_KEYS[i], indexValue(groupResource, i)));
        }
        return out;
    }

    /** The elements of an id of this plan: its separators and one (no element holds a {@code :}). */
    private static int elementsOf(String resource) {
        int elements = 1;
        for (int i = 0; i < resource.length(); i++) {
            if (resource.charAt(i) == ':') {
                elements++;
            }
        }
        return elements;
    }

    /**
     * {@code _idx<i>}'s value for a group resource: {@code (first i+1 elements of its id,E)}, E its
     * elements. The ids of this plan have no {@code :} or {@code \} inside an element, so the prefix
     * is the id up to its (i+1)-th separator, as Newts' escaping splitter would join it.
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
        return "(" + groupResource.substring(0, end) + "," + elementsOf(groupResource) + ")";
    }

    /**
     * The search OpenNMS's resource tree makes to list a node's resources
     * ({@code NewtsUtils.findResourcesWithMetricsAtDepth(nodePath, 1)}): {@code _idx1 = (snmp:n,4)}, or
     * {@code _idx3 = (snmp:fs:STRESS:n,6)} by foreign source, which every group resource of node n carries.
     */
    public static Term nodeResourcesSearch(ResourceNames names, int node) {
        return new Term(INDEX_KEYS[names.nodeElement()], "(" + names.prefix() + node + "," + names.groupElements() + ")",
                null);
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
