package org.metricsstress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.sizing.SizeAnswer;
import org.metricsstress.sizing.SizeEvidence;
import org.metricsstress.sizing.SizeJson;
import org.metricsstress.sizing.SizeRequest;

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

    private static Map<String, Object> sizeDoc(String points, double target, Double nodeDisk) {
        SizeEvidence e = new SizeEvidence(SizeEvidence.parsePoints("--points", points),
                nodeDisk == null ? null : new SizeEvidence.DiskFigures(18, 0, 86_400, "disk.json"), null, null, List.of());
        return SizeJson.of(SizeAnswer.of(new SizeRequest(target, "--target", null, 30 * 86_400L, 1, nodeDisk, 1.0, 900), e),
                "metrics-stress", "test");
    }

    @Test
    void theThroughputIntervalIsBesideItsNodesAndInTheHeadline() {
        String page = SizePage.render(sizeDoc("1:10000,2:18000,4:30000,8:42000,16:50000", 40_000, null));
        assertTrue(page.contains("binding: throughput; 95% interval 7-8"), page);
        assertTrue(page.contains("<td>7 (95% interval 7-8)</td>"), page);
        assertTrue(page.contains("where the fit&#39;s 95% confidence band"), "the interval's method is in the throughput table");
    }

    @Test
    void aTargetBeyondTheCeilingShowsNoNanNorInfinity() {
        String page = SizePage.render(sizeDoc("1:10000,2:15000,4:21000,8:27000", 125_000, 2e12));
        assertTrue(page.contains("ceiling lambda/sigma = 35,067 samples/s"), page);
        assertFalse(page.contains("NaN") || page.contains("Infinity"), "no NaN nor Infinity in the page");
    }

    @Test
    void lowerBoundsAreMarkedInThePointsTableAndDrawnApart() {
        Map<String, Object> doc = sizeDoc("1:10000,2:18000,4:30000,8:>=45000,16:50000", 40_000, null);
        String page = SizePage.render(doc);
        assertTrue(page.contains("<td>8</td><td>45,000</td><td>lower bound (at least)</td>"), page);
        JsonNode scale = SizePage.chartData(ResultJson.tree(doc).path("size"), ResultJson.tree(doc).path("x")).get("scale");
        assertEquals("[[8,45000.0]]", scale.get("bounds").toString());
        assertEquals(4, scale.get("points").size());
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
