package org.metricsstress.read;

import java.util.SplittableRandom;
import org.metricsstress.config.HotSet;
import org.metricsstress.plan.StressPlan;

/**
 * Which group resource an operation is about: uniformly over this instance's resources, or with a
 * hot set (a fixed, evenly spread share of them that gets a share of the picks), as a few busy
 * dashboards read a few resources over and over.
 */
final class ResourcePicker {
    private final int[] keys;
    private final int hot;
    private final double hotShare;

    ResourcePicker(StressPlan plan, HotSet hotSet) {
        int[] owned = new int[plan.ownedGroupResources()];
        int n = 0;
        for (int key = 0; key < plan.groupResources(); key++) {
            if (plan.ownsKey(key)) {
                owned[n++] = key;
            }
        }
        // Spread the hot set over the resources rather than taking the first nodes: every k-th is hot.
        this.hot = hotSet == null ? 0 : (int) Math.max(1, Math.min(n - 1, Math.round(n * hotSet.resources())));
        this.hotShare = hotSet == null ? 0 : hotSet.reads();
        this.keys = new int[n];
        int h = 0;
        int c = hot;
        for (int i = 0; i < n; i++) {
            boolean isHot = hot > 0 && (long) i * hot / n != (long) (i + 1) * hot / n;
            keys[isHot ? h++ : c++] = owned[i];
        }
    }

    /** A key: from the hot set with probability of its share, else from the rest. */
    int pick(SplittableRandom random) {
        if (hot == 0) {
            return keys[random.nextInt(keys.length)];
        }
        return random.nextDouble() < hotShare ? keys[random.nextInt(hot)] : keys[hot + random.nextInt(keys.length - hot)];
    }

    /** Whether {@code key} is in the hot set. */
    boolean isHot(int key) {
        for (int i = 0; i < hot; i++) {
            if (keys[i] == key) {
                return true;
            }
        }
        return false;
    }
}
