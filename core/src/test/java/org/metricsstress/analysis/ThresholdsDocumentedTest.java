package org.metricsstress.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every rule and threshold of the verdict is in docs/diagnosis.md, and each states a basis in the code. */
class ThresholdsDocumentedTest {
    private static final Path DOC = Path.of("../docs/diagnosis.md");

    @Test
    void everyThresholdAndRuleIsInTheDocsWithABasis() throws IOException {
        String doc = Files.readString(DOC);
        List<String> missing = new ArrayList<>();
        List<ClusterDiagnosis.Threshold> all = new ArrayList<>(ClusterDiagnosis.THRESHOLDS);
        all.addAll(Verdicts.THRESHOLDS);
        for (ClusterDiagnosis.Threshold t : all) {
            if (!doc.contains("`" + t.name() + "`")) {
                missing.add("threshold " + t.name());
            }
            assertFalse(t.basis().isBlank(), t.name());
            assertFalse(t.basis().contains("CI run"), t.name() + ": a basis is a law, a document or the corpus: " + t.basis());
        }
        for (ClusterDiagnosis.Rule r : ClusterDiagnosis.RULES) {
            if (!doc.contains("`" + r.part() + "`")) {
                missing.add("rule " + r.part());
            }
            assertFalse(r.basis().isBlank(), r.part());
        }
        for (Verdicts.Rule r : Verdicts.RULES) {
            if (!doc.contains("`" + r.name() + "`")) {
                missing.add("client rule " + r.name());
            }
            assertFalse(r.basis().isBlank(), r.name());
        }
        assertTrue(missing.isEmpty(), "not in docs/diagnosis.md: " + missing);
    }
}
