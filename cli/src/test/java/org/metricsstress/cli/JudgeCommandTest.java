package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.analysis.AdvisorTest;
import org.metricsstress.analysis.ClusterDiagnosisTest;
import org.metricsstress.analysis.VerdictsTest;
import org.metricsstress.api.ExitCode;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/**
 * {@code judge} through the jar: a saved result judged again gives the verdict, evidence and advice
 * the run gave, from the saved figures alone; the saved judgement is never read.
 */
class JudgeCommandTest {
    private JarCommands.Ran last;

    private int run(String... args) {
        last = JarCommands.run(args);
        return last.exitCode();
    }

    private String out() {
        return last.out();
    }

    private String err() {
        return last.err();
    }

    /** Judged runs of several kinds, each as a run would have saved it. */
    private static Map<String, Supplier<StressResult>> runs() {
        Map<String, Supplier<StressResult>> runs = new LinkedHashMap<>();
        runs.put("readme", VerdictsTest::readmeRun);
        runs.put("pool", () -> VerdictsTest.exhaustedPool(1, 64));
        runs.put("cold-start", () -> VerdictsTest.coldStartRun(8192));
        runs.put("kept-up", () -> VerdictsTest.keptUpThroughACacheTooSmall(8192));
        runs.put("permits", () -> AdvisorTest.waitingForPermits(16, 8192));
        runs.put("stopped-node", ClusterDiagnosisTest::nodeStoppedMostOfTheTime);
        return runs;
    }

    @Test
    void aSavedResultJudgesAgainToTheSameKindMessageEvidenceAndAdvice(@TempDir Path dir) throws Exception {
        for (Map.Entry<String, Supplier<StressResult>> e : runs().entrySet()) {
            StressResult original = e.getValue().get();
            Path saved = dir.resolve(e.getKey() + ".json");
            ResultJson.write(original, saved);
            Path again = dir.resolve(e.getKey() + "-judged.json");
            int code = run("judge", saved.toString(), "--result-json", again.toString());
            assertEquals(ExitCode.OK, code, e.getKey() + ": " + err() + out());
            Verdict v = original.verdict();
            assertTrue(out().contains("verdict       " + v.kind() + ": "), e.getKey() + ": " + out());
            StressResult judged = ResultJson.read(again);
            assertEquals(v.kind(), judged.verdict().kind(), e.getKey());
            assertEquals(v.message(), judged.verdict().message(), e.getKey());
            assertEquals(v.evidence(), judged.verdict().evidence(), e.getKey());
            assertEquals(original.advice(), judged.advice(), e.getKey());
        }
    }

    @Test
    void theSavedVerdictAndAdviceAreNeverRead(@TempDir Path dir) throws Exception {
        StressResult original = VerdictsTest.readmeRun();
        Path saved = dir.resolve("edited.json");
        ResultJson.write(original, saved);
        // A saved judgement rewritten by hand: the figures still say the cache was too small.
        String text = Files.readString(saved).replace("\"CACHE_TOO_SMALL\"", "\"KEPT_UP\"");
        assertFalse(text.contains("\"CACHE_TOO_SMALL\""), "the kind was rewritten");
        Files.writeString(saved, text);
        Path again = dir.resolve("again.json");
        assertEquals(ExitCode.OK, run("judge", saved.toString(), "--result-json", again.toString()), err());
        assertEquals("CACHE_TOO_SMALL", ResultJson.read(again).verdict().kind());
        assertTrue(out().contains("verdict       CACHE_TOO_SMALL: "), out());
    }

    @Test
    void theAdviceFileIsWrittenFromTheNewJudgement(@TempDir Path dir) throws Exception {
        Path saved = dir.resolve("readme.json");
        ResultJson.write(VerdictsTest.readmeRun(), saved);
        Path advice = dir.resolve("advice.properties");
        assertEquals(ExitCode.OK, run("judge", saved.toString(), "--advice-file", advice.toString()), err());
        assertTrue(Files.readString(advice).contains("org.opennms.newts.config.cache.max_entries="),
                Files.readString(advice));
    }

    @Test
    void whatIsNotOneResultIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path notJson = dir.resolve("notes.json");
        Files.writeString(notJson, "not a result");
        Path saved = dir.resolve("readme.json");
        ResultJson.write(VerdictsTest.readmeRun(), saved);
        String[][] wrong = {{"judge"}, {"judge", notJson.toString()}, {"judge", dir.resolve("none.json").toString()},
                {"judge", saved.toString(), saved.toString()}};
        for (String[] args : wrong) {
            assertEquals(ExitCode.USAGE, run(args), String.join(" ", args));
            assertEquals(1, err().lines().count(), err());
            assertFalse(err().contains("\tat "), err());
        }
    }

    @Test
    void anUnbalancedAuditExitsOneAsARunDoes(@TempDir Path dir) throws Exception {
        Path saved = dir.resolve("readme.json");
        ResultJson.write(VerdictsTest.readmeRun(), saved);
        // One sample more generated than the run accounted for.
        String text = Files.readString(saved);
        long generated = VerdictsTest.readmeRun().generated();
        String edited = text.replaceFirst("\"generated\" : " + generated + "\\b", "\"generated\" : " + (generated + 1));
        assertFalse(edited.equals(text), "the generated count was edited");
        Files.writeString(saved, edited);
        assertEquals(ExitCode.CRITERIA_FAILED, run("judge", saved.toString()), out() + err());
        assertTrue(out().contains("UNBALANCED"), out());
    }
}
