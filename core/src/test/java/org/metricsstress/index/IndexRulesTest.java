package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metricsstress.plan.ResourceNames;

class IndexRulesTest {

    @Test
    void aGroupResourceGetsAnAllTermPerElementAndAParentChainToRoot() {
        List<IndexRules.Term> terms = IndexRules.resourceTerms("snmp:fs:STRESS:12:tap3:group4");
        assertEquals(12, terms.size());
        assertEquals(new IndexRules.Term("_all", "snmp", "snmp:fs:STRESS:12:tap3:group4"), terms.get(0));
        assertEquals(new IndexRules.Term("_all", "group4", "snmp:fs:STRESS:12:tap3:group4"), terms.get(5));
        assertEquals(new IndexRules.Term("_parent", "snmp:fs:STRESS:12:tap3", "snmp:fs:STRESS:12:tap3:group4"), terms.get(6));
        assertEquals(new IndexRules.Term("_parent", "snmp", "snmp:fs"), terms.get(10));
        assertEquals(new IndexRules.Term("_parent", "_root", "snmp"), terms.get(11));
        assertEquals(10, IndexRules.resourceTerms("snmp:fs:STRESS:12:tap3").size());
    }

    @Test
    void attributesGetTwoTerms() {
        assertEquals(List.of(new IndexRules.Term("_all", "v", "r"), new IndexRules.Term("k", "v", "r")),
                IndexRules.attributeTerms("r", "k", "v"));
    }

    @Test
    void stringNamesAndVariation() {
        assertEquals("group3-key-1", IndexRules.stringKey(3, 1));
        assertEquals(3, IndexRules.groupOfStringKey("group3-key-1"));
        assertEquals(-1, IndexRules.groupOfStringKey("ifName"));
        assertEquals("group3-value-1", IndexRules.stringValue(3, 1, false, 99));
        assertEquals("group3-value-1-99", IndexRules.stringValue(3, 1, true, 99));
        assertTrue(IndexRules.stringsVary(10, 5));
        assertFalse(IndexRules.stringsVary(11, 5));
        assertFalse(IndexRules.stringsVary(10, 0));
    }

    @Test
    void fingerprintsFromThePlanEqualThoseFromRowsInAnyOrder() {
        // The primer folds metric names as rows arrive (clustering order, not plan order).
        List<String> names = new ArrayList<>();
        for (int a = 0; a < 12; a++) {
            names.add(ResourceNames.metricName(4, a));
        }
        Collections.shuffle(names, new Random(7));
        long x = 0;
        for (String n : names) {
            x ^= ResourceKeys.nameHash(n);
        }
        assertEquals(ResourceFingerprints.metricsFingerprint(4, 12), ResourceKeys.fingerprint32(x));
        assertNotEquals(ResourceFingerprints.metricsFingerprint(4, 12), ResourceFingerprints.metricsFingerprint(4, 11));
        assertNotEquals(ResourceFingerprints.metricsFingerprint(4, 12), ResourceFingerprints.metricsFingerprint(3, 12));

        long s = ResourceFingerprints.attributeHash("group2-key-1", "group2-value-1")
                ^ ResourceFingerprints.attributeHash("group2-key-0", "group2-value-0");
        assertEquals(ResourceFingerprints.stringsFingerprint(2, 2, false, 0), ResourceKeys.fingerprint32(s));
        assertNotEquals(ResourceFingerprints.stringsFingerprint(2, 2, true, 1000), ResourceFingerprints.stringsFingerprint(2, 2, true, 2000));
        assertEquals(0, ResourceFingerprints.stringsFingerprint(2, 0, false, 0));
    }

    @Test
    void keysAreNeverAbsentAndSeparateContextFromId() {
        assertNotEquals(0, ResourceKeys.key("G", "snmp:fs:STRESS:1:tap1:group1"));
        assertNotEquals(ResourceKeys.key("G", "a:b"), ResourceKeys.key("Ga", ":b"));
        StringBuilder sb = new StringBuilder("snmp:fs:STRESS:1:tap1:group1");
        assertEquals(ResourceKeys.key("G", "snmp:fs:STRESS:1:tap1"), ResourceKeys.key("G", sb, "snmp:fs:STRESS:1:tap1".length()));
        long v = ResourceKeys.groupValue(-5, 7);
        assertEquals(-5, ResourceKeys.metricsPart(v));
        assertEquals(7, ResourceKeys.stringsPart(v));
    }

    @Test
    void keysOfTwoMillionResourcesDoNotCollide() {
        java.util.HashSet<Long> seen = new java.util.HashSet<>();
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < 40_000; n++) {
            for (int f = 0; f < 10; f++) {
                for (int g = 0; g < 5; g++) {
                    sb.setLength(0);
                    assertTrue(seen.add(ResourceKeys.key("G", ResourceNames.groupResource(sb, n, f, g))));
                }
            }
        }
    }
}
