package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OpenNmsCacheHeapTest {
    // The measured reference: the "-a 10 -s 2, 4 elements" line of
    //   java -Djdk.attach.allowAttachSelf=true -XX:+EnableDynamicAgentLoading -Xmx3g \
    //        -cp benchmarks/target/benchmarks.jar org.metricsstress.microbench.OpenNmsCacheHeapBench
    // (OpenJDK 17.0.15, compressed oops): 10,000 group entries snmp:<n>:tap<i>:group<g> (n 0..199,
    // ids of 19.45 characters on average) and 2,000 interface entries of 5 groups x 2 strings, in
    // OpenNMS's Guava + radix-tree cache, Newts 3.0.0's ResourceMetadata, jol's GraphLayout.
    private static final double MEASURED_GROUP_BYTES = 2524.1;
    private static final double MEASURED_INTERFACE_BYTES = 2064.2;
    private static final int GROUP_ID_CHARS = 19;
    private static final int INTERFACE_ID_CHARS = 12;
    private static final int GROUPS = 10_000;
    private static final int INTERFACES = 2_000;

    private static void assertWithinTenPercent(double measured, double model, String what) {
        assertEquals(measured, model, measured * 0.10, what + ": model " + model + " vs measured " + measured);
    }

    @Test
    void theModelMatchesTheMeasuredA10S2Shape() {
        assertWithinTenPercent(MEASURED_GROUP_BYTES, OpenNmsCacheHeap.groupEntryBytes(10, 4, GROUP_ID_CHARS), "group entry");
        assertWithinTenPercent(MEASURED_INTERFACE_BYTES,
                OpenNmsCacheHeap.interfaceEntryBytes(5 * 2, INTERFACE_ID_CHARS), "interface entry");
        assertEquals(GROUP_ID_CHARS - INTERFACE_ID_CHARS, OpenNmsCacheHeap.GROUP_SUFFIX_CHARS);
        double measuredTotal = GROUPS * MEASURED_GROUP_BYTES + INTERFACES * MEASURED_INTERFACE_BYTES;
        assertWithinTenPercent(measuredTotal, OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 2, 4, GROUP_ID_CHARS), "whole cache");
    }

    @Test
    void theWholeCacheIsItsEntriesSummed() {
        long groups = OpenNmsCacheHeap.groupEntryBytes(10, 4, GROUP_ID_CHARS);
        long interfaces = OpenNmsCacheHeap.interfaceEntryBytes(10, INTERFACE_ID_CHARS);
        assertEquals(GROUPS * groups + INTERFACES * interfaces, OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 2, 4, GROUP_ID_CHARS));
        assertEquals(2 * OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 2, 4, GROUP_ID_CHARS),
                OpenNmsCacheHeap.bytes(2 * GROUPS, 2 * INTERFACES, 10, 2, 4, GROUP_ID_CHARS), "linear in the entries");
        assertEquals(GROUPS * groups, OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 0, 4, GROUP_ID_CHARS),
                "no string attributes: OpenNMS indexes no interface resource");
    }

    @Test
    void theModelGrowsWithMetricsStringsAndIds() {
        // Each metric is a name in the set and an attribute in the map: about 150 bytes measured.
        long a10 = OpenNmsCacheHeap.groupEntryBytes(10, 4, GROUP_ID_CHARS);
        long a20 = OpenNmsCacheHeap.groupEntryBytes(20, 4, GROUP_ID_CHARS);
        assertTrue(a20 - a10 > 10 * 100 && a20 - a10 < 10 * 200, "10 more metrics add " + (a20 - a10));
        assertTrue(OpenNmsCacheHeap.groupEntryBytes(11, 4, GROUP_ID_CHARS) > a10);
        assertTrue(OpenNmsCacheHeap.groupEntryBytes(10, 6, GROUP_ID_CHARS + 10) > a10, "longer ids, more _idx attributes");

        long s10 = OpenNmsCacheHeap.interfaceEntryBytes(10, INTERFACE_ID_CHARS);
        assertTrue(OpenNmsCacheHeap.interfaceEntryBytes(11, INTERFACE_ID_CHARS) > s10);
        assertTrue(OpenNmsCacheHeap.interfaceEntryBytes(20, INTERFACE_ID_CHARS) - s10 > 10 * 100);

        long base = OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 2, 4, GROUP_ID_CHARS);
        assertTrue(OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 11, 2, 4, GROUP_ID_CHARS) > base, "more metrics");
        assertTrue(OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 3, 4, GROUP_ID_CHARS) > base, "more strings");
        assertTrue(OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 2, 4, GROUP_ID_CHARS) > OpenNmsCacheHeap.bytes(GROUPS, INTERFACES, 10, 0, 4, GROUP_ID_CHARS),
                "strings cost heap");
    }
}
