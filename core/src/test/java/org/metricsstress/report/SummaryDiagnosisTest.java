package org.metricsstress.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.VerdictsTest;

/** The summary's lines about why a run fell behind: none may contradict its run. */
class SummaryDiagnosisTest {

    private static String print(java.util.function.Consumer<PrintStream> body) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        body.accept(new PrintStream(buf, true, StandardCharsets.UTF_8));
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aRunWithoutIndexHasNoColdStartToSpeakOf() {
        ColdStart filled = new ColdStart(4.2, 8192, 8192, -1, -1, 437_530, 2_699, 27);
        String noIndex = print(out -> Summary.coldStart(out, filled, false));
        assertFalse(noIndex.contains("index"), noIndex);
        assertTrue(noIndex.startsWith("ring          full after 4.2 s (peak 8,192 of 8,192); 437,530 samples dropped"), noIndex);
        String indexing = print(out -> Summary.coldStart(out, filled, true));
        assertTrue(indexing.contains("(the index never completed)"), indexing);
    }

    @Test
    void theSummaryCarriesTheWorkersTheVerdictsEvidenceAndTheAdvice() {
        StressResult r = VerdictsTest.readmeRun();
        String text = print(out -> Summary.print(r, out));
        assertTrue(text.contains("\nworkers       16 (opennms), busy 99% of their time: index waits 80%"), text);
        assertTrue(text.contains("\nverdict       CACHE_TOO_SMALL: "), text);
        assertTrue(text.contains("\n  evidence    cache: guava, at most 8,192 entries for 12,000 plan resources"), text);
        assertTrue(text.contains("\nadvice        org.opennms.newts.config.cache.max_entries=15000 (was 8192): "), text);
        String html = HtmlReport.render(r);
        assertTrue(html.contains("id=\"advice\"") && html.contains("org.opennms.newts.config.cache.max_entries"), "HTML advice");
        String file = AdviceFile.render(r);
        assertTrue(file.contains("\norg.opennms.newts.config.cache.max_entries=15000\n"), file);
        assertTrue(file.contains("\n# as run\norg.opennms.newts.config.writer_threads=16\n"), file);
        assertTrue(file.contains("# not a Newts property (etc/opennms.conf, MB to add): JAVA_HEAP_SIZE="), file);
    }
}
