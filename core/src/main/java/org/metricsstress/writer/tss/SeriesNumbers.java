package org.metricsstress.writer.tss;

import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;

/**
 * The run's number of a series (resource key x attributes + attribute) from the key the plugin
 * stores its external tags under ({@code name=metric_G_A_resourceId=snmp/N/tapI/groupG}): how a
 * preloaded store's records find their series again. -1 for a key that is no series of this plan.
 */
final class SeriesNumbers {
    private final StressPlan plan;
    private final ResourceNames names;

    SeriesNumbers(StressPlan plan) {
        this.plan = plan;
        this.names = ResourceNames.storeByForeignSource(plan.resourceIds().storeByForeignSource());
    }

    int ofKey(String key) {
        int mark = key.indexOf("_resourceId=");
        if (!key.startsWith("name=") || mark < 0) {
            return -1;
        }
        int[] ga = ResourceNames.parseMetricName(key.substring("name=".length(), mark));
        String resource = key.substring(mark + "_resourceId=".length());
        int slash = resource.lastIndexOf('/');
        if (ga == null || slash < 0) {
            return -1;
        }
        int[] ni = names.parseInterfaceResource(resource.substring(0, slash).replace('/', ':'));
        if (ni == null || ni[0] >= plan.nodes() || ni[1] >= plan.interfaces() || ga[0] >= plan.groups()
                || ga[1] >= plan.attributes()) {
            return -1;
        }
        return plan.resourceKey(ni[0], ni[1], ga[0]) * plan.attributes() + ga[1];
    }
}
