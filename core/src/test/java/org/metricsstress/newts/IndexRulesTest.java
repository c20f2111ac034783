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

    @Test
    void aGroupResourceCarriesItsMetricIdsAndSixIdxAttributes() {
        List<IndexRules.Attribute> attrs = IndexRules.groupAttributes(GROUP, 4, 10);
        assertEquals(16, attrs.size());
        assertEquals(IndexRules.groupAttributeCount(10), attrs.size());
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
    void aNodesResourcesAreFoundByItsIdx3Term() {
        IndexRules.Term search = IndexRules.nodeResourcesSearch(12);
        assertEquals("_idx3", search.field());
        assertEquals(IndexRules.groupAttributes(GROUP, 4, 1).get(1 + 3).value(), search.value());
        assertNull(search.resource());
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
        StringBuilder sb = new StringBuilder();
        assertEquals(GROUP, ResourceNames.groupResource(sb, 12, 3, 4).toString());
        assertArrayEquals(new int[] {12, 3, 4}, ResourceNames.parseGroupResource(GROUP));
        assertEquals("metric_4_9", ResourceNames.metricName(4, 9));
        assertArrayEquals(new int[] {4, 9}, ResourceNames.parseMetricName("metric_4_9"));
        assertNull(ResourceNames.parseGroupResource("snmp:fs:STRESS:12:tap3"));
        assertArrayEquals(new int[] {12, 3}, ResourceNames.parseInterfaceResource("snmp:fs:STRESS:12:tap3"));
        assertNull(ResourceNames.parseInterfaceResource(GROUP));
    }
}
