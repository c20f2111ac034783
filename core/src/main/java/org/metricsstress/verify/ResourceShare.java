package org.metricsstress.verify;

import org.metricsstress.plan.StressPlan;

/**
 * Which group resources to read back: every one of this instance's, or an even spread over them
 * (every k-th key), so that 1% covers all nodes, interfaces and groups rather than the first few.
 */
public final class ResourceShare {
    private ResourceShare() {}

    /**
     * @param fraction of the instance's group resources, in (0, 1]; 1 means all
     */
    public static int[] pick(StressPlan plan, double fraction) {
        int owned = plan.ownedGroupResources();
        int wanted = (int) Math.max(1, Math.min(owned, Math.round(owned * fraction)));
        int[] keys = new int[wanted];
        int n = 0;
        int seen = 0;
        // Bresenham-style: take the i-th owned key when i * wanted / owned steps up.
        for (int key = 0; key < plan.groupResources() && n < wanted; key++) {
            if (!plan.ownsKey(key)) {
                continue;
            }
            if ((long) seen * wanted / owned != (long) (seen + 1) * wanted / owned) {
                keys[n++] = key;
            }
            seen++;
        }
        return keys;
    }
}
