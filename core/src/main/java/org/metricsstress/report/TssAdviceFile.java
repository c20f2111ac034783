package org.metricsstress.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.metricsstress.analysis.RemoteWriteAdvisor;
import org.metricsstress.config.StressOptions;
import org.metricsstress.config.OptionDef;
import org.metricsstress.result.Advice;
import org.metricsstress.result.StressResult;

/**
 * A TSS run's advice as OpenNMS reads it: {@code etc/opennms.properties.d/timeseries.properties}
 * (the integration layer's ring and writer threads) and, beside it, the remote-write plugin's
 * {@code etc/org.opennms.plugins.tss.prometheus.cfg}. Every key the run modelled is set, to the
 * advised value where there is advice and to the run's own otherwise, so each file is whole.
 */
final class TssAdviceFile {
    private TssAdviceFile() {}

    /** The plugin's file, beside the properties file. */
    static Path pluginFile(Path file) {
        return file.resolveSibling("org.opennms.plugins.tss.prometheus.cfg");
    }

    static String renderProperties(StressResult r) {
        Map<String, String> asRun = new LinkedHashMap<>();
        asRun.put("org.opennms.timeseries.strategy", "integration");
        asRun.put(RemoteWriteAdvisor.RING, setting(r, StressOptions.RING_SIZE.def()));
        asRun.put(RemoteWriteAdvisor.WRITER_THREADS, setting(r, StressOptions.WRITER_THREADS.def()));
        return header(r, "etc/opennms.properties.d/timeseries.properties") + body(r, asRun, "");
    }

    static String renderPlugin(StressResult r) {
        Map<String, String> asRun = new LinkedHashMap<>();
        asRun.put("writeUrl", setting(r, StressOptions.TSS_WRITE_URL.def()));
        asRun.put("maxConcurrentHttpConnections", setting(r, StressOptions.TSS_MAX_CONNECTIONS.def()));
        asRun.put("writeTimeoutInMs", millis(setting(r, StressOptions.TSS_WRITE_TIMEOUT.def())));
        asRun.put("externalTagsCacheSize", setting(r, StressOptions.TSS_EXTERNAL_TAGS_CACHE_SIZE.def()));
        String org = setting(r, StressOptions.TSS_ORG_ID.def());
        // No organizationId shows as the option's "none": the plugin's own default is empty.
        asRun.put("organizationId", "null".equals(org) || "none".equals(org) ? "" : org);
        if ("sync".equalsIgnoreCase(setting(r, StressOptions.TSS_MODE.def()))) {
            // Only the plugin's main branch (2.2.0-SNAPSHOT) has these keys; v2.1.0 always writes asynchronously.
            asRun.put("asyncWrites", "false");
            asRun.put("callTimeoutInMs", millis(setting(r, StressOptions.TSS_CALL_TIMEOUT.def())));
        }
        return header(r, "etc/org.opennms.plugins.tss.prometheus.cfg") + body(r, asRun, RemoteWriteAdvisor.PLUGIN);
    }

    private static String header(StressResult r, String what) {
        return "# " + what + ", from metrics-stress " + (r.version() == null ? "" : r.version()) + "\n# run started "
                + r.startedAt() + "; verdict " + (r.verdict() == null ? "none" : r.verdict().kind()) + "\n";
    }

    /** Each key advised or as run; advice of another file (prefix) is left to that file, the rest as comments. */
    private static String body(StressResult r, Map<String, String> asRun, String prefix) {
        Map<String, Advice> advice = r.advice() == null ? Map.of() : r.advice();
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : asRun.entrySet()) {
            AdviceFile.advisedOrAsRun(sb, e.getKey(), advice.get(prefix + e.getKey()), e.getValue());
        }
        if (prefix.isEmpty()) {
            for (Advice a : advice.values()) {
                if (!asRun.containsKey(a.property()) && !a.property().startsWith(RemoteWriteAdvisor.PLUGIN)) {
                    sb.append("# not an OpenNMS property (").append(AdviceFile.oneLine(a.reason())).append("): ")
                            .append(a.property()).append(" = ").append(a.value()).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static String setting(StressResult r, OptionDef option) {
        return String.valueOf(r.setting(option)).replace(",", "");
    }

    /** "5s" as the plugin's milliseconds. */
    private static String millis(String duration) {
        try {
            return String.valueOf(org.metricsstress.config.Parse.duration("--tss-write-timeout", duration).toMillis());
        } catch (RuntimeException e) {
            return duration;
        }
    }
}
