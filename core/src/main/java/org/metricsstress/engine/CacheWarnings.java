package org.metricsstress.engine;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.StressConfig;
import org.metricsstress.plan.StressPlan;

/**
 * What a user must know before go-live, said before the run starts: a bounded cache smaller than
 * the plan's resources evicts them, so (almost) every commit is indexed again, for ever; and with a
 * writer model whose cache is OpenNMS's, a TTL of 0 makes every cache entry expire at once. With
 * OpenNMS's Guava cache, also what that cache will cost OpenNMS's heap (not this tool's: its cache is packed).
 */
final class CacheWarnings {
    private CacheWarnings() {}

    static void print(StressConfig config, StressPlan plan, PrintStream out) {
        if (config.pipeline().model().cacheIsOpenNmsCache() && config.index().cache() == CacheKind.GUAVA) {
            out.println(OpenNmsHeapFigure.line(OpenNmsHeapFigure.of(config, plan)));
        }
        long resources = plan.ownedGroupResources() + (plan.strings() > 0 ? plan.ownedInterfaceResources() : 0);
        if (config.index().cache() == CacheKind.GUAVA && resources > config.index().cacheMaxEntries()) {
            out.printf(Locale.ROOT, "warning: the plan has %,d resources and the cache holds %,d: evicted resources "
                    + "are indexed again, so every commit will be indexed again; raise "
                    + "org.opennms.newts.config.cache.max_entries (here --cache-max-entries) above %,d%n",
                    resources, config.index().cacheMaxEntries(), resources);
        }
        if (config.pipeline().model().cacheIsOpenNmsCache() && config.schema().ttl().isZero()) {
            out.println("warning: with a TTL of 0, OpenNMS's cache entries expire as they are made (3/4 of the TTL): "
                    + "every commit will be indexed again");
        }
    }
}
