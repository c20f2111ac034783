package org.metricsstress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The size page from a JSON document as size and predict write it: figures, escaping, the ring's corners. */
class SizePageTest {
    private static Map<String, Object> prediction(Double fullAt, Double lastDropAt, Double drainedAt, double indexedAt) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("ringFullAtSeconds", fullAt);
        p.put("lastDropAtSeconds", lastDropAt);
        p.put("ringDrainedAtSeconds", drainedAt);
        p.put("indexedAtSeconds", indexedAt);
        p.put("ringPeak", fullAt == null ? 3_000 : 8_192);
        p.put("ringSize", 8_192);
        return p;
    }

    private static Map<String, Object> predictDoc(Map<String, Object> prediction) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tool", "metrics-stress");
        doc.put("command", "predict");
        doc.put("version", "<x>");
        doc.put("prediction", prediction);
        return doc;
    }

    @Test
    void aRingThatFillsIsDrawnFullFromItsFillToItsLastDropThenDrained() {
        JsonNode corners = SizePage.ringCorners(ResultJson.tree(prediction(10.6, 16.1, 17.5, 15.0))).get("points");
        assertEquals("[[0.0,0],[10.6,8192],[16.1,8192],[17.5,819]]", corners.toString());
    }

    @Test
    void aRingThatNeverFillsPeaksWhenEveryResourceIsIndexed() {
        JsonNode corners = SizePage.ringCorners(ResultJson.tree(prediction(null, null, null, 12.0))).get("points");
        assertEquals("[[0.0,0],[12.0,3000]]", corners.toString());
    }

    @Test
    void aPredictionPageHasItsFiguresEscapedAndNoConstraintsTable() {
        String page = SizePage.render(predictDoc(prediction(10.6, 16.1, 17.5, 15.0)));
        assertTrue(page.contains("<h2>Cold start</h2>"), page);
        assertTrue(page.contains("version &lt;x&gt;"), "text from the file is escaped");
        assertFalse(page.contains("<h2>Constraints</h2>"), "predict answers no nodes");
        assertTrue(page.contains("id=\"ring-chart\""));
        assertEquals(1, List.of(page.split("uPlot's licence", -1)).size() - 1, "the library inline once, its licence with it");
    }
}
