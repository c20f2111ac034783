package org.metricsstress.index;

import org.metricsstress.newts.ResourceKeys;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;

/**
 * What the cache remembers of an indexed resource: a fingerprint of its metric names and string
 * attributes, computed the same way from the plan (the indexer) and from index rows read back
 * (the primer), so that a change of either makes the resource look new again.
 */
public final class ResourceFingerprints {
    /** Cache value of an interface resource whose own terms are written. */
    static final long INTERFACE_INDEXED = 1L;

    private ResourceFingerprints() {}

    /**
     * The value the cache ends up holding for resource {@code i} of the plan (group resources
     * first, then interface resources; strings without a -z suffix): what a memory measurement of the cache
     * should fill it with.
     */
    public static long cacheValueOf(StressPlan plan, long i) {
        if (i >= plan.groupResources()) {
            return INTERFACE_INDEXED;
        }
        int group = plan.groupOf((int) i);
        return ResourceKeys.groupValue(metricsFingerprint(group, plan.attributes()),
                stringsFingerprint(group, plan.strings(), ""));
    }

    /** The fingerprint of a group resource's metric set, as the primer computes it from rows. */
    static int metricsFingerprint(int group, int attributes) {
        long x = 0;
        for (int a = 0; a < attributes; a++) {
            x ^= ResourceKeys.nameHash(ResourceNames.metricName(group, a));
        }
        return ResourceKeys.fingerprint32(x);
    }

    /** The fingerprint of a group's string attributes, with their -z suffix (0 when it has none). */
    static int stringsFingerprint(int group, int strings, String suffix) {
        if (strings == 0) {
            return 0;
        }
        long x = 0;
        for (int s = 0; s < strings; s++) {
            x ^= attributeHash(IndexRules.stringKey(group, s), IndexRules.stringValue(group, s, suffix));
        }
        return ResourceKeys.fingerprint32(x);
    }

    static long attributeHash(String key, String value) {
        return ResourceKeys.nameHash(key + "=" + value);
    }
}
