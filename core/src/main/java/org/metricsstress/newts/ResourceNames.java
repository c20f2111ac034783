package org.metricsstress.newts;

/**
 * Names as OpenNMS's stress command gives them: resources are paths joined with {@code :}, numeric
 * attributes are {@code metric_<group>_<attribute>}. A resource id has one of two shapes, as
 * OpenNMS's {@code org.opennms.rrd.storeByForeignSource} decides: {@link #NODE}
 * ({@code snmp:<node>:tap<i>:group<g>}, OpenNMS's default) or {@link #FOREIGN_SOURCE}
 * ({@code snmp:fs:STRESS:<node>:tap<i>:group<g>}). Writes into a caller's builder so a writer
 * thread can reuse one.
 */
public final class ResourceNames {
    /** storeByForeignSource false: 4 elements. */
    public static final ResourceNames NODE = new ResourceNames("snmp:", 4);
    /** storeByForeignSource true: the foreign source {@code STRESS}, 6 elements. */
    public static final ResourceNames FOREIGN_SOURCE = new ResourceNames("snmp:fs:STRESS:", 6);

    private final String prefix;
    private final int groupElements;

    private ResourceNames(String prefix, int groupElements) {
        this.prefix = prefix;
        this.groupElements = groupElements;
    }

    public static ResourceNames storeByForeignSource(boolean foreignSource) {
        return foreignSource ? FOREIGN_SOURCE : NODE;
    }

    /** What every id starts with, up to the node: {@code snmp:} or {@code snmp:fs:STRESS:}. */
    public String prefix() {
        return prefix;
    }

    /** Elements of a group resource's id: 4 or 6. */
    public int groupElements() {
        return groupElements;
    }

    /** The position of the node among the elements of an id (0-based): 1 or 3. */
    public int nodeElement() {
        return groupElements - 3;
    }

    /** {@code <prefix><node>:tap<interface>}: the resource carrying string attributes. */
    public StringBuilder interfaceResource(StringBuilder sb, int node, int iface) {
        return sb.append(prefix).append(node).append(":tap").append(iface);
    }

    /** {@code <prefix><node>:tap<interface>:group<group>}: the resource carrying samples. */
    public StringBuilder groupResource(StringBuilder sb, int node, int iface, int group) {
        return interfaceResource(sb, node, iface).append(":group").append(group);
    }

    public static String metricName(int group, int attribute) {
        return "metric_" + group + "_" + attribute;
    }

    /** Parses an interface resource name of this shape back into {node, interface}, or null if it is not one. */
    public int[] parseInterfaceResource(String resource) {
        String[] parts = elementsAfterPrefix(resource, 2);
        if (parts == null || !parts[1].startsWith("tap")) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1].substring(3))};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Parses a group resource name of this shape back into {node, interface, group}, or null if it is not one. */
    public int[] parseGroupResource(String resource) {
        String[] parts = elementsAfterPrefix(resource, 3);
        if (parts == null || !parts[1].startsWith("tap") || !parts[2].startsWith("group")) {
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

    private String[] elementsAfterPrefix(String resource, int count) {
        if (!resource.startsWith(prefix)) {
            return null;
        }
        String[] parts = resource.substring(prefix.length()).split(":", -1);
        return parts.length == count ? parts : null;
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
