package org.metricsstress.engine;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.PlanFacts;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.OpenNmsCacheHeap;

/**
 * What OpenNMS's own cache would take of OpenNMS's heap for this plan's resources, at the run's
 * {@code cache.max_entries}: Newts' {@code ResourceMetadata} per entry, as {@link OpenNmsCacheHeap}
 * measured it, for the ids this run writes. Said in the header, kept in the result's
 * {@code plan.openNmsCacheHeap}, and what the heap advice starts from. Not this tool's own cache,
 * which packs an entry into a long (its figure is {@code bench}'s).
 */
final class OpenNmsHeapFigure {
    private OpenNmsHeapFigure() {}

    static PlanFacts.OpenNmsCacheFigure of(StressConfig config, StressPlan plan) {
        String id = ResourceNames.storeByForeignSource(plan.resourceIds().storeByForeignSource())
                .groupResource(new StringBuilder(), plan.nodes() - 1, plan.interfaces() - 1, plan.groups() - 1).toString();
        int elements = id.split(":", -1).length;
        int groupsPerInterface = plan.groups();
        long groupBytes = OpenNmsCacheHeap.groupEntryBytes(plan.attributes(), elements, id.length());
        long interfaceBytes = plan.strings() == 0 ? 0 : OpenNmsCacheHeap.interfaceEntryBytes(
                plan.strings() * groupsPerInterface, Math.max(0, id.length() - OpenNmsCacheHeap.GROUP_SUFFIX_CHARS));
        long resources = plan.groupResources() + (plan.strings() > 0 ? plan.interfaceResources() : 0);
        long maxEntries = config.index().cacheMaxEntries();
        double groupShare = resources == 0 ? 1 : (double) plan.groupResources() / resources;
        long groupAtMax = Math.round(maxEntries * groupShare);
        // Every resource of the plan cached: what a cache large enough for it takes.
        return new PlanFacts.OpenNmsCacheFigure(groupBytes, interfaceBytes, elements, id.length(), maxEntries, resources,
                OpenNmsCacheHeap.bytes(plan.groupResources(), resources - plan.groupResources(), plan.attributes(),
                        plan.strings(), elements, id.length()),
                OpenNmsCacheHeap.bytes(groupAtMax, maxEntries - groupAtMax, plan.attributes(), plan.strings(), elements,
                        id.length()));
    }

    /** The header's line. */
    static String line(PlanFacts.OpenNmsCacheFigure m) {
        return String.format(Locale.ROOT, "OpenNMS's cache on OpenNMS's heap: about %,d bytes per group entry%s "
                + "(Newts' ResourceMetadata, measured with jol); all %,d resources of the plan about %s, "
                + "cache.max_entries %,d about %s", m.groupEntryBytes(),
                m.interfaceEntryBytes() > 0 ? String.format(Locale.ROOT, " and %,d per interface entry",
                        m.interfaceEntryBytes()) : "",
                m.planResources(), mib(m.bytesForPlan()), m.maxEntries(), mib(m.bytesAtMaxEntries()));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,d MiB", (long) Math.ceil(bytes / (1024.0 * 1024.0)));
    }
}
