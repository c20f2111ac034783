package org.metricsstress.report;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.analysis.NodeLoad;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.StressResult;

/**
 * The summary's lines of the nodes' own figures, one per node over the whole run: how often it
 * answered its telemetry, how far its mutation stage, native transport and flushes queued, its
 * compaction backlog and hints, its own write latency, GC and CPU (docs/diagnosis.md).
 */
final class NodeLines {
    private NodeLines() {}

    static void print(PrintStream out, StressResult r) {
        NodeTelemetry t = r.nodeTelemetry();
        if (t == null) {
            return;
        }
        if (!t.read()) {
            out.println("node side     not read: " + t.source());
            return;
        }
        int readings = t.nodes().stream().mapToInt(n -> n.readings().size()).max().orElse(0);
        out.printf(Locale.ROOT, "node side     each node's own figures, %d readings a node (%s)%n", readings, t.source());
        out.printf(Locale.ROOT, "  %-21s %-6s %8s %15s %9s %11s %13s %9s %11s %10s %6s %5s %8s%n", "node", "dc",
                "answered", "mutation act/q", "blocked", "transport q", "flush q/blk", "compact q", "hint files",
                "write p99", "GC%", "CPU%", "dropped");
        double end = r.generationSeconds() + r.drainSeconds();
        for (NodeTelemetry.Node n : t.nodes()) {
            NodeLoad l = NodeLoad.of(n, 0, end);
            out.printf(Locale.ROOT, "  %-21s %-6s %8s %15s %9s %11s %13s %9s %11s %10s %6s %5s %8s%n", l.node(),
                    l.dc() == null ? "-" : l.dc(), l.answered() + "/" + l.readings(),
                    String.format(Locale.ROOT, "%.0f%%full/%d", 100 * l.mutationFullShare(), l.mutationPending()),
                    Numbers.count(l.mutationBlocked()), Numbers.count(l.transportPending()),
                    l.flushPending() + "/" + Numbers.count(l.flushBlocked()),
                    l.compactionsFirst() + "->" + l.compactionsLast(), l.hintFilesFirst() + "->" + l.hintFilesLast(),
                    String.format(Locale.ROOT, "%.2f ms", l.localWriteP99Ms()),
                    l.gcShare() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100 * l.gcShare()),
                    l.cpuPercent() < 0 ? "-" : String.format(Locale.ROOT, "%.0f", l.cpuPercent()),
                    l.droppedMutations() < 0 ? "-" : Numbers.count(l.droppedMutations()));
        }
        t.notes().forEach(note -> out.println("  note        " + note));
    }
}
