package org.metricsstress.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metricsstress.analysis.Comparison;
import org.metricsstress.analysis.Comparison.Row;
import org.metricsstress.stats.FamilyCorrection;

/**
 * {@code compare --result-json}: per figure both sides, the change, its 95% interval and whether it
 * is significant, with what the interval rests on. Changes and intervals relative to A as fractions
 * (0.05 = 5%); null where a figure has none (A is 0, too short, one side only), never NaN.
 */
public final class ComparisonJson {
    /** Version of this file's layout; bumped on any incompatible change. */
    public static final int SCHEMA_VERSION = 1;

    private ComparisonJson() {}

    public static Map<String, Object> of(Comparison c, List<String> filesA, List<String> filesB, String tool,
            String version) {
        List<Map<String, Object>> figures = new ArrayList<>();
        for (Row r : c.rows()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("figure", r.figure());
            m.put("a", r.a() < 0 ? null : r.a());
            m.put("b", r.b() < 0 ? null : r.b());
            m.put("difference", r.a() < 0 || r.b() < 0 ? null : r.difference());
            m.put("change", number(r.change()));
            m.put("ci95", pair(r.relativeLow(), r.relativeHigh()));
            m.put("differenceCi95", pair(r.low(), r.high()));
            m.put("degreesOfFreedom", r.degreesOfFreedom() > 0 ? r.degreesOfFreedom() : null);
            m.put("significant", r.significant());
            m.put("word", r.word());
            m.put("regression", r.regression());
            m.put("basis", r.basis().label());
            m.put("unitsA", r.unitsA());
            m.put("unitsB", r.unitsB());
            m.put("unitsPerSideToDetectBound", r.unitsToDetect() > 0 ? r.unitsToDetect() : null);
            m.put("note", r.note());
            m.put("quantity", r.quantity());
            m.put("wholeRunA", r.wholeA() < 0 ? null : r.wholeA());
            m.put("wholeRunB", r.wholeB() < 0 ? null : r.wholeB());
            m.put("pWorse", number(r.pWorse()));
            m.put("familyAdjustedPWorse", number(r.familyP()));
            m.put("worseForTheFamily", r.inFamily() ? r.worseForTheFamily() : null);
            figures.add(m);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("schemaVersion", SCHEMA_VERSION);
        json.put("tool", tool);
        json.put("command", "compare");
        json.put("version", version);
        json.put("a", filesA);
        json.put("b", filesB);
        json.put("maxRegression", c.maxRegression());
        json.put("level", 0.95);
        json.put("basis", ComparisonLines.basis(c));
        json.put("rule", "a judged figure regresses when it is worse, its 95% interval does not reach 0, its change "
                + "is beyond maxRegression, and it is worse at the family's level (Holm over the judged figures with an "
                + "interval, one-sided); drops or failures where A had none always regress");
        Map<String, Object> family = new LinkedHashMap<>();
        family.put("method", "Holm");
        family.put("falseAlarmRate", FamilyCorrection.LEVEL);
        family.put("figures", c.rows().stream().filter(Row::inFamily).map(Row::figure).toList());
        family.put("worse", c.worseForTheFamily());
        json.put("family", family);
        json.put("figures", figures);
        json.put("regressions", c.regressions());
        json.put("notJudgedTooShort", c.tooShort());
        json.put("configDifferences", c.configDifferences());
        return json;
    }

    public static void write(Map<String, Object> json, Path file) throws IOException {
        ResultJson.writeAtomically(json, file);
    }

    private static Double number(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static List<Double> pair(double low, double high) {
        return Double.isFinite(low) && Double.isFinite(high) ? Arrays.asList(low, high) : null;
    }
}
