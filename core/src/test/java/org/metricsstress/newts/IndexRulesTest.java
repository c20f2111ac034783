package org.metricsstress.newts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rows OpenNMS writes to the Newts index for the stress shape (IndexRules); Newts itself checks them in IT. */
class IndexRulesTest {
    private static final String GROUP = "snmp:fs:STRESS:12:tap3:group4";
    private static final String NODE_GROUP = "snmp:12:tap3:group4";

    @Test
    void aGroupResourceCarriesItsMetricIdsAndSixIdxAttributes() {
        List<IndexRules.Attribute> attrs = IndexRules.groupAttributes(GROUP, 4, 10);
        assertEquals(16, attrs.size());
        assertEquals(IndexRules.groupAttributeCount(ResourceNames.FOREIGN_SOURCE, 10), attrs.size());
        assertEquals(new IndexRules.Attribute("metric_4_0", "metric_4_0"), attrs.get(0));
        assertEquals(new IndexRules.Attribute("metric_4_9", "metric_4_9"), attrs.get(9));
        assertEquals(new IndexRules.Attribute("_idx0", "(snmp,6)"), attrs.get(10));
        assertEquals(new IndexRules.Attribute("_idx1", "(snmp:fs,6)"), attrs.get(11));
        assertEquals(new IndexRules.Attribute("_idx2", "(snmp:fs:STRESS,6)"), attrs.get(12));
        assertEquals(new IndexRules.Attribute("_idx3", "(snmp:fs:STRESS:12,6)"), attrs.get(13));
        assertEquals(new IndexRules.Attribute("_idx4", "(snmp:fs:STRESS:12:tap3,6)"), attrs.get(14));
        assertEquals(new IndexRules.Attribute("_idx5", "(" + GROUP + ",6)"), attrs.get(15));
        assertEquals(new IndexRules.Term("_idx2", "(snmp:fs:STRESS,6)", GROUP), attrs.get(12).term(GROUP));
    }

    @Test
    void byNodeAGroupResourceCarriesFourIdxAttributes() {
        List<IndexRules.Attribute> attrs = IndexRules.groupAttributes(NODE_GROUP, 4, 10);
        assertEquals(14, attrs.size());
        assertEquals(IndexRules.groupAttributeCount(ResourceNames.NODE, 10), attrs.size());
        assertEquals(new IndexRules.Attribute("_idx0", "(snmp,4)"), attrs.get(10));
        assertEquals(new IndexRules.Attribute("_idx1", "(snmp:12,4)"), attrs.get(11));
        assertEquals(new IndexRules.Attribute("_idx2", "(snmp:12:tap3,4)"), attrs.get(12));
        assertEquals(new IndexRules.Attribute("_idx3", "(" + NODE_GROUP + ",4)"), attrs.get(13));
    }

    /**
     * The figures docs/schema.md gives for -a 10 -s 2 -g 5: a group resource's own rows (a term and an
     * attribute row per attribute, a metric row per metric), its strings' term and attribute rows on
     * its interface and a fifth of the interface's strings metric row.
     */
    @Test
    void indexRowsPerGroupResourceAsDocumented() {
        assertEquals(38, 2 * IndexRules.groupAttributes(NODE_GROUP, 4, 10).size() + 10, "own rows by node");
        assertEquals(42, 2 * IndexRules.groupAttributes(GROUP, 4, 10).size() + 10, "own rows by foreign source");
        assertEquals(42.2, IndexRules.rowsPerGroupResource(ResourceNames.NODE, 10, 2, 5), 1e-9);
        assertEquals(46.2, IndexRules.rowsPerGroupResource(ResourceNames.FOREIGN_SOURCE, 10, 2, 5), 1e-9);
        double fewer = 1 - IndexRules.rowsPerGroupResource(ResourceNames.NODE, 10, 2, 5)
                / IndexRules.rowsPerGroupResource(ResourceNames.FOREIGN_SOURCE, 10, 2, 5);
        assertEquals(0.087, fewer, 0.001, "by node: about 9 % fewer index rows");
    }

    @Test
    void aNodesResourcesAreFoundByTheTermOfItsNodeElement() {
        IndexRules.Term search = IndexRules.nodeResourcesSearch(ResourceNames.FOREIGN_SOURCE, 12);
        assertEquals("_idx3", search.field());
        assertEquals(IndexRules.groupAttributes(GROUP, 4, 1).get(1 + 3).value(), search.value());
        assertNull(search.resource());
        IndexRules.Term byNode = IndexRules.nodeResourcesSearch(ResourceNames.NODE, 12);
        assertEquals(new IndexRules.Term("_idx1", "(snmp:12,4)", null), byNode);
        assertEquals(IndexRules.groupAttributes(NODE_GROUP, 4, 1).get(1 + 1).value(), byNode.value());
    }

    @Test
    void stringAttributesAndOpenNmsVariation() {
        assertEquals("group3-key-1", IndexRules.stringKey(3, 1));
        assertEquals(3, IndexRules.groupOfStringKey("group3-key-1"));
        assertEquals(-1, IndexRules.groupOfStringKey("ifName"));
        assertEquals("group3-value-1", IndexRules.stringValue(3, 1, ""));
        assertEquals(List.of(new IndexRules.Attribute("group3-key-0", "group3-value-0"),
                new IndexRules.Attribute("group3-key-1", "group3-value-1")), IndexRules.stringAttributes(3, 2, ""));
        // -z 6: (node+1)(iface+1)(group+1) = 2*1*3 = 6 varies with that product as its suffix, once and for all.
        assertTrue(IndexRules.varies(1, 0, 2, 6));
        assertEquals("-6-varied", IndexRules.variedSuffix(1, 0, 2, 6));
        assertEquals("group2-value-0-6-varied", IndexRules.stringValue(2, 0, IndexRules.variedSuffix(1, 0, 2, 6)));
        assertFalse(IndexRules.varies(0, 0, 2, 6), "1*1*3 = 3");
        assertEquals("", IndexRules.variedSuffix(0, 0, 2, 6));
        assertFalse(IndexRules.varies(1, 0, 2, 0), "-z 0: never");
    }

    @Test
    void namesFollowOpenNmsAndParseBack() {
        ResourceNames fs = ResourceNames.FOREIGN_SOURCE;
        ResourceNames node = ResourceNames.NODE;
        assertEquals(GROUP, fs.groupResource(new StringBuilder(), 12, 3, 4).toString());
        assertEquals(NODE_GROUP, node.groupResource(new StringBuilder(), 12, 3, 4).toString());
        assertArrayEquals(new int[] {12, 3, 4}, fs.parseGroupResource(GROUP));
        assertArrayEquals(new int[] {12, 3, 4}, node.parseGroupResource(NODE_GROUP));
        assertEquals("metric_4_9", ResourceNames.metricName(4, 9));
        assertArrayEquals(new int[] {4, 9}, ResourceNames.parseMetricName("metric_4_9"));
        assertNull(fs.parseGroupResource("snmp:fs:STRESS:12:tap3"));
        assertArrayEquals(new int[] {12, 3}, fs.parseInterfaceResource("snmp:fs:STRESS:12:tap3"));
        assertArrayEquals(new int[] {12, 3}, node.parseInterfaceResource("snmp:12:tap3"));
        assertNull(fs.parseInterfaceResource(GROUP));
        assertNull(node.parseInterfaceResource(NODE_GROUP));
        // Each shape refuses the other's ids: a keyspace may hold both.
        assertNull(node.parseGroupResource(GROUP));
        assertNull(node.parseInterfaceResource("snmp:fs:STRESS:12:tap3"));
        assertNull(fs.parseGroupResource(NODE_GROUP));
    }
}
