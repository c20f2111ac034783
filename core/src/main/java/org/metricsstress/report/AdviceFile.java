package org.metricsstress.report;

import org.metricsstress.config.StressOptions;

import java.io.IOException;
import org.metricsstress.config.WriterModel;
import org.metricsstress.config.WriterModels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.metricsstress.result.Advice;
import org.metricsstress.analysis.Advisor;
import org.metricsstress.result.StressResult;

/**
 * The run's advice as an OpenNMS properties file: the content of
 * {@code etc/opennms.properties.d/newts.properties}. Every writer property the run modelled is set,
 * to the advised value where there is advice and to the run's own value otherwise, so the file is
 * whole; what is not a Newts property (the heap, the cluster's size, the pipelined writer's own
 * options) is written as a comment.
 */
public final class AdviceFile {
    private AdviceFile() {}

    /**
     * Writes the OpenNMS part to {@code file} and, when the run advises the nodes' cassandra.yaml, that
     * part as a fragment beside it ({@link #yamlFile}).
     */
    public static void write(StressResult r, Path file) throws IOException {
        if (WriterModels.named(r.setting(StressOptions.WRITER)).advice() == WriterModel.AdviceVocabulary.TSS_PROPERTIES) {
            String properties = TssAdviceFile.renderProperties(r);
            String plugin = TssAdviceFile.renderPlugin(r);
            AtomicFile.write(file, tmp -> Files.writeString(tmp, properties, StandardCharsets.UTF_8));
            AtomicFile.write(TssAdviceFile.pluginFile(file), tmp -> Files.writeString(tmp, plugin, StandardCharsets.UTF_8));
            return;
        }
        String text = render(r);
        AtomicFile.write(file, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
        String yaml = renderYaml(r);
        if (yaml != null) {
            AtomicFile.write(yamlFile(file), tmp -> Files.writeString(tmp, yaml, StandardCharsets.UTF_8));
        }
    }

    /** Where the cassandra.yaml fragment goes: beside {@code file}, {@code newts.properties} -> {@code newts.cassandra.yaml}. */
    public static Path yamlFile(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".cassandra.yaml");
    }

    /**
     * The advice for the nodes' cassandra.yaml as a fragment to merge into it (each node's own
     * spelling), with each setting's reason, model and the node's current value as comments; null
     * when the run advises none.
     */
    public static String renderYaml(StressResult r) {
        Map<String, Advice> advice = r.advice() == null ? Map.of() : r.advice();
        if (advice.values().stream().noneMatch(Advice::cassandraYaml)) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# cassandra.yaml settings advised by metrics-stress ").append(r.version() == null ? "" : r.version())
                .append(", run started ").append(r.startedAt()).append("; verdict ")
                .append(r.verdict() == null ? "none" : r.verdict().kind()).append('\n');
        sb.append("# merge into each node's cassandra.yaml, then restart the node (one at a time)\n");
        for (Advice a : advice.values()) {
            if (a.cassandraYaml()) {
                sb.append("# ").append(oneLine(a.reason())).append('\n');
                sb.append("# model: ").append(oneLine(a.model())).append('\n');
                if (a.current() != null) {
                    sb.append("# the node had: ").append(a.current()).append('\n');
                }
                sb.append(a.property().substring(Advice.CASSANDRA_YAML.length())).append(": ").append(a.value())
                        .append('\n');
            }
        }
        return sb.toString();
    }

    public static String render(StressResult r) {
        Map<String, Advice> advice = r.advice() == null ? Map.of() : r.advice();
        StringBuilder sb = new StringBuilder();
        sb.append("# etc/opennms.properties.d/newts.properties, from metrics-stress ").append(r.version() == null ? "" : r.version())
                .append('\n');
        sb.append("# run started ").append(r.startedAt()).append("; verdict ")
                .append(r.verdict() == null ? "none" : r.verdict().kind()).append('\n');
        if (WriterModels.named(r.setting(StressOptions.WRITER)).advice() != WriterModel.AdviceVocabulary.NEWTS_PROPERTIES) {
            sb.append("# this run used the pipelined writer (this tool's own): its settings are not OpenNMS's;\n"
                    + "# the values below are the run's, for OpenNMS's writer run it with --writer opennms;\n"
                    + "# its advice, in this tool's options, is at the end, as comments\n");
        }
        Map<String, String> asRun = new LinkedHashMap<>();
        asRun.put(Advisor.RING_BUFFER_SIZE, String.valueOf(r.setting(StressOptions.RING_SIZE)));
        asRun.put(Advisor.WRITER_THREADS, String.valueOf(r.setting(StressOptions.WRITER_THREADS)));
        asRun.put(Advisor.MAX_BATCH_SIZE, String.valueOf(r.setting(StressOptions.MAX_BATCH_SIZE)));
        if ("guava".equalsIgnoreCase(String.valueOf(r.setting(StressOptions.CACHE)))
                && r.setting(StressOptions.CACHE_MAX_ENTRIES) != null) {
            asRun.put(Advisor.CACHE_MAX_ENTRIES, String.valueOf(r.setting(StressOptions.CACHE_MAX_ENTRIES)).replace(",", ""));
        }
        for (Map.Entry<String, String> e : asRun.entrySet()) {
            if (!"null".equals(e.getValue()) || advice.containsKey(e.getKey())) {
                advisedOrAsRun(sb, e.getKey(), advice.get(e.getKey()), e.getValue());
            }
        }
        for (Advice a : advice.values()) {
            if (asRun.containsKey(a.property()) || a.cassandraYaml()) {
                continue;
            }
            boolean property = a.property().startsWith(Advisor.PREFIX);
            sb.append("# ").append(oneLine(a.reason())).append('\n');
            sb.append("# model: ").append(oneLine(a.model())).append('\n');
            if (Advisor.HEAP.equals(a.property())) {
                sb.append(heap(a.value())).append('\n');
                continue;
            }
            if (a.property().startsWith("--")) {
                // The pipelined writer's own option: a run's setting, nothing OpenNMS reads.
                sb.append("# not a Newts property (this tool's pipelined writer): run with ").append(a.property())
                        .append(' ').append(a.value()).append('\n');
                continue;
            }
            sb.append(property ? "" : "# not a Newts property (" + where(a.property()) + "): ")
                    .append(a.property()).append('=').append(a.value()).append('\n');
        }
        return sb.toString();
    }

    private static String where(String property) {
        if (Advisor.REDIS.equals(property)) {
            return "Redis's own health, ms a lookup may take";
        }
        if (Advisor.NODES.equals(property)) {
            return "the cluster's size";
        }
        return "the cluster";
    }

    /**
     * The heap to add, as a comment no one can uncomment into a heap of its own: "JAVA_HEAP_SIZE=36"
     * there gave OpenNMS a 36 MB heap. With spaces about its "=" the line is no shell assignment
     * (etc/opennms.conf is sourced by a shell), and it names the sum, not the amount, as the value.
     */
    private static String heap(String value) {
        String mb = value == null ? "?" : value.startsWith("+") ? value.substring(1) : value;
        return "# etc/opennms.conf, not a Newts property: JAVA_HEAP_SIZE = the heap OpenNMS needs without the cache + "
                + mb + " (MB to add to it; never set JAVA_HEAP_SIZE to " + mb + ")";
    }

    /** One key of a properties file: the advised value with its reason and model, or the run's own. */
    static void advisedOrAsRun(StringBuilder sb, String key, Advice a, String asRun) {
        if (a != null) {
            sb.append("# ").append(oneLine(a.reason())).append('\n');
            sb.append("# model: ").append(oneLine(a.model())).append('\n');
            sb.append(key).append('=').append(a.value()).append('\n');
        } else {
            sb.append("# as run\n").append(key).append('=').append(asRun).append('\n');
        }
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
    }
}
