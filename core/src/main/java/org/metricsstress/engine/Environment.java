package org.metricsstress.engine;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.management.ObjectName;

/** Where a run ran: enough to tell two result files apart before comparing them. */
public final class Environment {
    private Environment() {}

    public static Map<String, Object> capture(String toolVersion, String gitCommit, String driverVersion) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("toolVersion", toolVersion);
        m.put("gitCommit", gitCommit);
        m.put("javaVersion", System.getProperty("java.version"));
        m.put("javaVendor", System.getProperty("java.vendor"));
        m.put("javaVm", System.getProperty("java.vm.name"));
        m.put("driverVersion", driverVersion);
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        m.put("physicalMemoryBytes", physicalMemory());
        return m;
    }

    private static long physicalMemory() {
        try {
            Object v = ManagementFactory.getPlatformMBeanServer().getAttribute(
                    new ObjectName(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME), "TotalMemorySize");
            return v instanceof Long l ? l : -1;
        } catch (Exception e) {
            return -1;
        }
    }
}
