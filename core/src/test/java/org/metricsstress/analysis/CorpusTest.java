package org.metricsstress.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;

/**
 * The verdict proven on the corpus of recorded real runs (src/test/resources/corpus/PASS/, written by
 * the acceptance suite's CorpusIT, whole passes as they came): every run judged again by this
 * version's model from its measured figures alone, against the label its recorder wrote from the
 * fault it injected. Prints the confusion table (fault by what the verdict named); every case must
 * come out right. Then each rule removed in turn, and each threshold halved and doubled, on the
 * finding alone: the cases that flip are listed, and a rule or a threshold calibrated on the corpus
 * that no case notices fails the test (it needs a law or a documented basis, or goes).
 */
class CorpusTest {
    static final Path CORPUS = Path.of("src/test/resources/corpus");

    /** {@code superseded}: why the recorder's plan for it changed after its pass (null when it did not). */
    record Case(String pass, String name, CaseLabel label, StressResult judged, String superseded) {}

    static List<Case> corpus() throws IOException {
        List<Case> out = new ArrayList<>();
        if (!Files.isDirectory(CORPUS)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(CORPUS)) {
            for (Path label : files.filter(p -> p.toString().endsWith(".label")).sorted().toList()) {
                String name = label.getFileName().toString().replace(".label", "");
                Path json = label.resolveSibling(name + ".json.gz");
                CaseLabel l;
                try (Reader r = Files.newBufferedReader(label, StandardCharsets.UTF_8)) {
                    l = CaseLabel.read(r);
                }
                StressResult saved = ResultJson.read(json);
                out.add(new Case(label.getParent().getFileName().toString(), name, l, Judgement.of(saved),
                        superseded(label.getParent()).getProperty(name)));
            }
        }
        return out;
    }

    /** A pass's SUPERSEDED file: the runs whose plan changed after the pass, with why. */
    private static java.util.Properties superseded(Path pass) throws IOException {
        java.util.Properties p = new java.util.Properties();
        Path file = pass.resolve("SUPERSEDED");
        if (Files.isRegularFile(file)) {
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(r);
            }
        }
        return p;
    }

    @Test
    void everyRecordedRunIsJudgedRight() throws IOException {
        List<Case> cases = corpus();
        assertFalse(cases.isEmpty(), "no corpus under " + CORPUS.toAbsolutePath());
        Map<String, Map<String, Integer>> confusion = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        List<String> table0 = new ArrayList<>();
        for (Case c : cases) {
            CaseLabel.Named n = CaseLabel.named(c.judged());
            String named = n.resource() + (n.nodes().isEmpty() || n.nodes().size() > 1 ? "" : "@" + n.nodes().get(0));
            confusion.computeIfAbsent((c.label().control() ? "(control) " : "") + c.label().fault(), k -> new TreeMap<>())
                    .merge(named, 1, Integer::sum);
            if (c.superseded() != null) {
                table0.add(String.format(Locale.ROOT, "superseded %s/%s (%s): named %s", c.pass(), c.name(),
                        c.superseded(), named));
            } else if (!c.label().right(n)) {
                wrong.add(c.pass() + "/" + c.name() + ": " + c.judged().verdict().kind() + ": "
                        + c.judged().verdict().message());
            }
        }
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%n=== corpus: %d recorded runs, %d right, %d superseded ===%n%-30s %s%n", cases.size(),
                cases.size() - wrong.size() - table0.size(), table0.size(),
                "fault (label)", "named by the verdict (runs)"));
        confusion.forEach((fault, named) -> table.append(String.format(Locale.ROOT, "%-30s %s%n", fault, named)));
        table0.forEach(line -> table.append(line).append('\n'));
        System.out.println(table);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong) + table);
    }

    @Test
    void everyRuleAndEveryCalibratedThresholdIsNoticedByACase() throws IOException {
        List<Case> cases = corpus().stream().filter(c -> !c.label().parts().isEmpty() && c.superseded() == null).toList();
        assertFalse(cases.isEmpty(), "no cluster case in the corpus");
        ClusterDiagnosis.Thresholds base = ClusterDiagnosis.Thresholds.DEFAULT;
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%n=== rules removed, thresholds halved "
                + "and doubled: the cases that flip (of %d cluster cases) ===%n", cases.size()));
        List<String> unnoticed = new ArrayList<>();
        for (ClusterDiagnosis.Rule rule : ClusterDiagnosis.RULES) {
            List<ClusterDiagnosis.Rule> without = new ArrayList<>(ClusterDiagnosis.RULES);
            without.remove(rule);
            List<String> flips = flips(cases, without, base);
            table.append(String.format(Locale.ROOT, "rule %-22s %s%n", rule.part(), flips.isEmpty() ? "-" : flips));
            if (flips.isEmpty()) {
                unnoticed.add("rule " + rule.part() + " (" + rule.basis() + ")");
            }
        }
        for (ClusterDiagnosis.Threshold t : ClusterDiagnosis.THRESHOLDS) {
            List<String> half = flips(cases, ClusterDiagnosis.RULES, base.with(t.name(), t.value() / 2));
            List<String> twice = flips(cases, ClusterDiagnosis.RULES, base.with(t.name(), t.value() * 2));
            table.append(String.format(Locale.ROOT, "%-27s %8s  halved %s  doubled %s%n", t.name(),
                    number(t.value()), half.isEmpty() ? "-" : half, twice.isEmpty() ? "-" : twice));
            if (half.isEmpty() && twice.isEmpty() && t.basis().contains("calibration on the corpus")) {
                unnoticed.add("threshold " + t.name() + " (" + t.basis() + ")");
            }
        }
        System.out.println(table);
        // A rule no case notices stands on its law alone; one said to be calibrated on the corpus must be noticed.
        List<String> calibrated = unnoticed.stream().filter(u -> u.contains("calibration on the corpus")).toList();
        assertTrue(calibrated.isEmpty(), "calibrated on the corpus, but no case notices it:\n" + String.join("\n",
                calibrated) + table);
    }

    /**
     * The client side's table likewise, on every case (a cluster case's kind is the client side's
     * too): each of {@link Verdicts#RULES} removed in turn, each of {@link Verdicts#THRESHOLDS}
     * halved and doubled, the whole verdict judged again and held to the label.
     */
    @Test
    void everyClientRuleAndEveryCalibratedClientThresholdIsNoticedByACase() throws IOException {
        List<Case> cases = corpus().stream().filter(c -> c.superseded() == null).toList();
        assertFalse(cases.isEmpty(), "no case in the corpus");
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%n=== the client side's rules removed, "
                + "thresholds halved and doubled: the cases that flip (of %d cases) ===%n", cases.size()));
        List<String> calibrated = new ArrayList<>();
        for (Verdicts.Rule rule : Verdicts.RULES) {
            List<Verdicts.Rule> without = new ArrayList<>(Verdicts.RULES);
            without.remove(rule);
            List<String> flips = verdictFlips(cases, without, Verdicts.DEFAULT);
            table.append(String.format(Locale.ROOT, "rule %-22s %s%n", rule.name(), flips.isEmpty() ? "-" : flips));
        }
        for (ClusterDiagnosis.Threshold t : Verdicts.THRESHOLDS) {
            List<String> half = verdictFlips(cases, Verdicts.RULES, Verdicts.DEFAULT.with(t.name(), t.value() / 2));
            List<String> twice = verdictFlips(cases, Verdicts.RULES, Verdicts.DEFAULT.with(t.name(), t.value() * 2));
            table.append(String.format(Locale.ROOT, "%-27s %8s  halved %s  doubled %s%n", t.name(),
                    number(t.value()), half.isEmpty() ? "-" : half, twice.isEmpty() ? "-" : twice));
            if (half.isEmpty() && twice.isEmpty() && t.basis().contains("calibration on the corpus")) {
                calibrated.add("threshold " + t.name() + " (" + t.basis() + ")");
            }
        }
        System.out.println(table);
        assertTrue(calibrated.isEmpty(), "calibrated on the corpus, but no case notices it:\n" + String.join("\n",
                calibrated) + table);
    }

    private static List<String> verdictFlips(List<Case> cases, List<Verdicts.Rule> rules,
            ClusterDiagnosis.Thresholds t) {
        List<String> out = new ArrayList<>();
        for (Case c : cases) {
            boolean before = c.label().right(c.judged());
            StressResult again = c.judged().withJudgement(c.judged().evidence(),
                    Verdicts.judge(c.judged(), c.judged().evidence(), rules, t), c.judged().advice());
            boolean after = c.label().right(again);
            if (before != after) {
                out.add(c.pass() + "/" + c.name() + (after ? "+" : "-"));
            }
        }
        return out;
    }

    private static List<String> flips(List<Case> cases, List<ClusterDiagnosis.Rule> rules,
            ClusterDiagnosis.Thresholds t) {
        List<String> out = new ArrayList<>();
        for (Case c : cases) {
            boolean before = c.label().rightByFinding(c.judged(), ClusterDiagnosis.RULES,
                    ClusterDiagnosis.Thresholds.DEFAULT);
            boolean after = c.label().rightByFinding(c.judged(), rules, t);
            if (before != after) {
                out.add(c.pass() + "/" + c.name() + (after ? "+" : "-"));
            }
        }
        return out;
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
