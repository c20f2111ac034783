package org.metricsstress.karaf;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.metricsstress.config.ConfigException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Reads the PID's properties from ConfigAdmin when a run starts, rather than keeping what a
 * ManagedService was last told: an edit of the file (File Install picks it up within a second) or a
 * {@code config:property-set} applies to the next run, and a run started right after the bundle
 * does not race ConfigAdmin's asynchronous first delivery.
 */
final class ConfigAdminSource implements Supplier<Map<String, String>> {
    private final BundleContext context;
    private final String pid;

    ConfigAdminSource(BundleContext context, String pid) {
        this.context = context;
        this.pid = pid;
    }

    @Override
    public Map<String, String> get() {
        ServiceReference<ConfigurationAdmin> ref = context.getServiceReference(ConfigurationAdmin.class);
        if (ref == null) {
            return Map.of();
        }
        ConfigurationAdmin admin = context.getService(ref);
        try {
            if (admin == null) {
                return Map.of();
            }
            // listConfigurations, not getConfiguration: the latter would create an empty PID.
            Configuration[] found = admin.listConfigurations("(" + Constants.SERVICE_PID + "=" + pid + ")");
            if (found == null || found.length == 0 || found[0].getProperties() == null) {
                return Map.of();
            }
            return asText(found[0].getProperties());
        } catch (IOException | InvalidSyntaxException e) {
            throw new ConfigException("cannot read the settings of PID " + pid + ": " + e.getMessage());
        } finally {
            context.ungetService(ref);
        }
    }

    private static Map<String, String> asText(Dictionary<String, Object> properties) {
        Map<String, String> text = new HashMap<>();
        for (Enumeration<String> keys = properties.keys(); keys.hasMoreElements(); ) {
            String key = keys.nextElement();
            text.put(key, String.valueOf(properties.get(key)));
        }
        return text;
    }
}
