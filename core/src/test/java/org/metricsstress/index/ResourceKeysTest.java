package org.metricsstress.index;

import org.metricsstress.newts.ResourceKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metricsstress.newts.ResourceNames;

/** The cache's keys and the fingerprints of what a resource has indexed. */
class ResourceKeysTest {

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
        assertEquals(ResourceFingerprints.stringsFingerprint(2, 2, ""), ResourceKeys.fingerprint32(s));
        assertNotEquals(ResourceFingerprints.stringsFingerprint(2, 2, ""),
                ResourceFingerprints.stringsFingerprint(2, 2, "-6-varied"));
        assertEquals(0, ResourceFingerprints.stringsFingerprint(2, 0, ""));
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
                    assertTrue(seen.add(ResourceKeys.key("G", ResourceNames.FOREIGN_SOURCE.groupResource(sb, n, f, g))));
                }
            }
        }
    }
}
