package org.metricsstress.report;

import org.metricsstress.analysis.VerdictsTest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.StressResult;
import org.metricsstress.analysis.VerdictsTest;

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
        assertTrue(file.contains("\n# etc/opennms.conf, not a Newts property: JAVA_HEAP_SIZE = the heap OpenNMS needs "
                + "without the cache + "), file);
    }

    /**
     * The heap the cache takes is an amount to add: "JAVA_HEAP_SIZE=36" pasted into etc/opennms.conf
     * gave OpenNMS a 36 MB heap. The console says how much to add, and the file holds no line a
     * shell would read as a heap of that amount, commented or not.
     */
    @Test
    void theHeapIsAdviceToAddNeverAHeapToPaste() {
        StressResult r = VerdictsTest.readmeRun();
        String mb = r.advice().get(org.metricsstress.analysis.Advisor.HEAP).value().substring(1);
        assertTrue(Long.parseLong(mb) > 0, mb);
        String text = print(out -> Summary.print(r, out));
        assertTrue(text.contains("\nadvice        JAVA_HEAP_SIZE=+" + mb + ": add " + mb + " MB to the heap OpenNMS needs "
                + "without the cache"), text);
        String file = AdviceFile.render(r);
        for (String line : file.split("\n")) {
            String uncommented = line.replaceFirst("^#\\s*", "");
            assertFalse(java.util.regex.Pattern.compile("JAVA_HEAP_SIZE=\\+?\\d").matcher(uncommented).find(),
                    "a line that sets a heap of the amount to add: " + line);
        }
        assertTrue(file.contains("+ " + mb + " (MB to add to it; never set JAVA_HEAP_SIZE to " + mb + ")"), file);
    }
}
