package org.metricsstress.newts;

/**
 * Names as OpenNMS's stress command gives them: resources are paths joined with {@code :}, numeric
 * attributes are {@code metric_<group>_<attribute>}. Writes into a caller's builder so a writer
 * thread can reuse one.
 */
public final class ResourceNames {
    public static final String PREFIX = "snmp:fs:STRESS:";

    private ResourceNames() {}

    /** {@code snmp:fs:STRESS:<node>:tap<interface>}: the resource carrying string attributes. */
    public static StringBuilder interfaceResource(StringBuilder sb, int node, int iface) {
        return sb.append(PREFIX).append(node).append(":tap").append(iface);
    }

    /** {@code snmp:fs:STRESS:<node>:tap<interface>:group<group>}: the resource carrying samples. */
    public static StringBuilder groupResource(StringBuilder sb, int node, int iface, int group) {
        return interfaceResource(sb, node, iface).append(":group").append(group);
    }

    public static String metricName(int group, int attribute) {
        return "metric_" + group + "_" + attribute;
    }

    /** Parses an interface resource name back into {node, interface}, or null if it is not one. */
    public static int[] parseInterfaceResource(String resource) {
        if (!resource.startsWith(PREFIX)) {
            return null;
        }
        String[] parts = resource.substring(PREFIX.length()).split(":");
        if (parts.length != 2 || !parts[1].startsWith("tap")) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1].substring(3))};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Parses a group resource name back into {node, interface, group}, or null if it is not one. */
    public static int[] parseGroupResource(String resource) {
        if (!resource.startsWith(PREFIX)) {
            return null;
        }
        String[] parts = resource.substring(PREFIX.length()).split(":");
        if (parts.length != 3 || !parts[1].startsWith("tap") || !parts[2].startsWith("group")) {
            return null;
        }
        try {
            return new int[] {
                Integer.parseInt(parts[0]), Integer.parseInt(parts[1].substring(3)), Integer.parseInt(parts[2].substring(5))
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Parses {@code metric_<group>_<attribute>} back into {group, attribute}, or null. */
    public static int[] parseMetricName(String name) {
        if (!name.startsWith("metric_")) {
            return null;
        }
        String[] parts = name.substring(7).split("_");
        if (parts.length != 2) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
