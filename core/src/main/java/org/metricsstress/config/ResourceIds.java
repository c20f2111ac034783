package org.metricsstress.config;

/**
 * The shape of the resource ids ({@code --resource-ids}), as OpenNMS's
 * {@code org.opennms.rrd.storeByForeignSource} decides it. The index rows of a resource grow with
 * the elements of its id ({@code _idx0..}), so the shape changes the index's size.
 */
public enum ResourceIds {
    /** {@code snmp:<node>:tap<i>:group<g>}: OpenNMS's default (storeByForeignSource false). */
    NODE,
    /** {@code snmp:fs:STRESS:<node>:tap<i>:group<g>}: storeByForeignSource true, as OpenNMS's Newts docs recommend. */
    FOREIGN_SOURCE;

    /** OpenNMS's {@code org.opennms.rrd.storeByForeignSource} for this shape. */
    public boolean storeByForeignSource() {
        return this == FOREIGN_SOURCE;
    }
}
