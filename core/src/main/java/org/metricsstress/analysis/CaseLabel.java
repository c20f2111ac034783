package org.metricsstress.analysis;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/**
 * What a recorded run was made to show, written by the run's recorder from the fault it injected,
 * before the run was judged (docs/diagnosis.md, "The corpus"); and whether a verdict names it. A
 * fault is named when the verdict's kind is one the fault may give and its own sentence names the
 * fault's resource on the fault's node; a control (the same plan without the fault) is right when
 * its verdict names neither.
 *
 * @param fault   the fault's name ({@code stall-node}, {@code pool-small}, ...)
 * @param kinds   the verdict kinds the fault may give: {@code CLUSTER_BEHIND}, or {@code KEPT_UP} too
 *                for a fault near falling behind, whose verdict then names it with "but ..."
 * @param parts   the cluster's resources that name it ({@link ClusterDiagnosis.Finding#part()}); empty
 *                when the kind itself is the resource (POOL_TOO_SMALL, RING_TOO_SMALL, ...)
 * @param node    the fault's node address, "*" for every node, "" for none
 * @param control whether this run is the fault's control: the same plan without it
 */
public record CaseLabel(String fault, Set<String> kinds, Set<String> parts, String node, boolean control) {
    public CaseLabel {
        kinds = Set.copyOf(kinds);
        parts = Set.copyOf(parts);
        node = node == null ? "" : node;
    }

    /** What a verdict names: its kind, and the cluster's resource and nodes its sentence names (null when none). */
    public record Named(String kind, String part, List<String> nodes) {
        /** The resource, in the confusion table's terms: the cluster's part, or the kind where none. */
        public String resource() {
            return part != null ? part : kind;
        }
    }

    /** What {@code r}'s verdict names: the finding over the stretch it judged, when its sentence holds it. */
    public static Named named(StressResult r) {
        Verdict v = r.verdict();
        List<double[]> stretches = new ArrayList<>();
        for (Verdict.Phase p : Arrays.asList(v.steadyState(), v.coldStart())) {
            if (p != null) {
                stretches.add(new double[] {p.fromSeconds(), p.toSeconds()});
            }
        }
        stretches.add(new double[] {0, r.generationSeconds()});
        for (double[] s : stretches) {
            ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, s[0], s[1]);
            if (f != null && v.message().contains(f.message())) {
                return new Named(v.kind(), f.part(), f.nodes().stream().map(CaseLabel::host).toList());
            }
        }
        return new Named(v.kind(), null, List.of());
    }

    /**
     * Whether the cluster's finding alone, by {@code rules} with {@code thresholds} over the stretch
     * the verdict judged, names this label's resource and node (a control: does not): how a test
     * sees which rule or threshold a case depends on. Only for labels with cluster parts.
     */
    public boolean rightByFinding(StressResult judged, List<ClusterDiagnosis.Rule> rules,
            ClusterDiagnosis.Thresholds thresholds) {
        double[] s = stretch(judged);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(judged, s[0], s[1], rules, thresholds);
        boolean named = f != null && parts.contains(f.part())
                && onNode(new Named(judged.verdict().kind(), f.part(), f.nodes().stream().map(CaseLabel::host).toList()));
        return control != named;
    }

    /** The stretch a verdict judged: its lasting phase where it has phases, else the whole run. */
    static double[] stretch(StressResult r) {
        Verdict v = r.verdict();
        Verdict.Phase p = v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind()) ? v.steadyState()
                : v.coldStart() != null ? v.coldStart() : null;
        return p == null ? new double[] {0, r.generationSeconds()} : new double[] {p.fromSeconds(), p.toSeconds()};
    }

    /** Whether {@code r}'s verdict is right for this label. */
    public boolean right(StressResult r) {
        return right(named(r));
    }

    public boolean right(Named n) {
        boolean resource = parts.isEmpty() ? kinds.contains(n.kind())
                : n.part() != null && parts.contains(n.part()) && onNode(n);
        if (control) {
            return !resource;
        }
        return kinds.contains(n.kind()) && resource;
    }

    private boolean onNode(Named n) {
        return node.isEmpty() || node.equals("*") || n.nodes().contains(node);
    }

    private static String host(String node) {
        int colon = node.lastIndexOf(':');
        return colon > 0 ? node.substring(0, colon) : node;
    }

    public void write(Writer out, String comment) throws IOException {
        Properties p = new Properties();
        p.setProperty("fault", fault);
        p.setProperty("kinds", String.join(",", kinds.stream().sorted().toList()));
        p.setProperty("parts", String.join(",", parts.stream().sorted().toList()));
        p.setProperty("node", node);
        p.setProperty("control", Boolean.toString(control));
        p.store(out, comment);
    }

    public static CaseLabel read(Reader in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        String fault = p.getProperty("fault");
        if (fault == null || p.getProperty("kinds") == null) {
            throw new IOException("not a case label: no fault or kinds");
        }
        return new CaseLabel(fault, set(p.getProperty("kinds")), set(p.getProperty("parts", "")),
                p.getProperty("node", ""), Boolean.parseBoolean(p.getProperty("control", "false")));
    }

    private static Set<String> set(String csv) {
        Set<String> out = new LinkedHashSet<>();
        for (String s : csv.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }
}
