package org.metricsstress.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.metricsstress.result.PlanFacts;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.OpenNmsCacheHeap;

class OpenNmsHeapFigureTest {
    @Test
    void theReadmePlansResourcesCostOpenNmsHeapAtItsOwnIdsNotThisToolsPackedBytes() {
        StressConfig c = StressConfig.builder().nodes(200).interfaces(10).build();
        StressPlan plan = StressPlan.of(c);
        PlanFacts.OpenNmsCacheFigure m = OpenNmsHeapFigure.of(c, plan);
        String id = ResourceNames.storeByForeignSource(false).groupResource(new StringBuilder(), 199, 9, 4).toString();
        assertEquals(id.length(), m.idChars());
        assertEquals(id.split(":").length, m.idElements());
        long group = m.groupEntryBytes();
        assertEquals(OpenNmsCacheHeap.groupEntryBytes(10, id.split(":").length, id.length()), group);
        // jol put an -a 10 group entry of OpenNMS's cache between 2.5 and 2.9 KB, by id shape.
        assertTrue(group > 2_400 && group < 3_000, group + " bytes");
        assertEquals(12_000L, m.planResources());
        long plan12k = m.bytesForPlan();
        long atMax = m.bytesAtMaxEntries();
        assertEquals(8_192L, m.maxEntries());
        assertTrue(atMax < plan12k && atMax > plan12k * 8_192 / 12_000 * 9 / 10, atMax + " of " + plan12k);
        assertTrue(OpenNmsHeapFigure.line(m).contains("all 12,000 resources of the plan about "), OpenNmsHeapFigure.line(m));
    }
}
