package org.metricsstress.capacity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.engine.Version;
import org.metricsstress.report.ResultJson;

/**
 * A search as JSON ({@code find-max --result-json}): the settings, every step with its figures,
 * its judgement and its whole run result (the layout of a run's own result file), and the answer.
 * Rates in samples per second, latencies in milliseconds.
 */
public final class FindMaxJson {
    /** Version of this file's layout; bumped on any incompatible change. */
    public static final int SCHEMA_VERSION = 1;

    private FindMaxJson() {}

    public static void write(FindMaxResult r, Path file) throws IOException {
        ResultJson.writeAtomically(of(r), file);
    }

    /** Several searches ({@code --repeat}): the settings, every search's steps, each search's answer, and their median. */
    public static void write(FindMaxRepeats r, Path file) throws IOException {
        ResultJson.writeAtomically(of(r), file);
    }

    /**
     * The layout of one search, with every search's steps (each with its {@code search} number), the
     * answer the median of the searches' ({@code highestSustainableSamplesPerSecond}, so that size
     * reads it as one search's; {@code lowestFailingSamplesPerSecond} instead when the median is a
     * search that found no rate) with its {@code medianBound}, {@code interval}, {@code intervalBounds}
     * and {@code level}, and each search's answer in {@code searches} with its {@code bound}.
     */
    public static Map<String, Object> of(FindMaxRepeats r) {
        Map<String, Object> json = of(r.searches().get(0));
        List<Map<String, Object>> steps = new ArrayList<>();
        List<Map<String, Object>> searches = new ArrayList<>();
        for (int k = 0; k < r.searches().size(); k++) {
            FindMaxResult one = r.searches().get(k);
            for (SearchStep step : one.steps()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("search", k + 1);
                m.putAll(step(step));
                steps.add(m);
            }
            Map<String, Object> answer = answer(one);
            answer.put("search", k + 1);
            answer.put("bound", FindMaxRepeats.SearchAnswer.of(one).bound().label());
            searches.add(answer);
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("conclusion", r.conclusion().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        FindMaxRepeats.Median median = r.median();
        if (median.median().bound() == FindMaxRepeats.Bound.BELOW) {
            // As one search that found no rate: no sustainable rate, the rate it is below.
            answer.put("lowestFailingSamplesPerSecond", median.median().samplesPerSecond());
        } else {
            answer.put("highestSustainableSamplesPerSecond", median.median().samplesPerSecond());
        }
        answer.put("medianBound", median.median().bound().label());
        answer.put("interval", List.of(median.low().samplesPerSecond(), median.high().samplesPerSecond()));
        answer.put("intervalBounds", List.of(median.low().bound().label(), median.high().bound().label()));
        answer.put("level", median.level());
        answer.put("searches", r.searches().size());
        answer.put("answers", java.util.Arrays.stream(r.answers()).boxed().toList());
        answer.put("text", r.text());
        json.put("steps", steps);
        json.put("answer", answer);
        json.put("searches", searches);
        return json;
    }

    public static Map<String, Object> of(FindMaxResult r) {
        FindMax.Settings s = r.settings();
        Map<String, Object> search = new LinkedHashMap<>();
        search.put("startSamplesPerSecond", s.bounds().startRate());
        search.put("maxSamplesPerSecond", s.bounds().maxRate());
        search.put("growth", s.bounds().growth());
        search.put("precision", s.bounds().precision());
        search.put("stepSeconds", s.stepDuration().toMillis() / 1000.0);
        search.put("coldLimitSeconds", s.coldLimit().toMillis() / 1000.0);
        search.put("includeCold", s.includeCold());
        search.put("sla", s.sla().expression());
        search.put("ringSize", s.ringSize());
        // Without indexing the warm-up's length (0: none); with indexing the index ends it (coldLimitSeconds bounds it).
        search.put("warmUpSeconds", s.indexing() ? null : s.warmUp().toMillis() / 1000.0);
        search.put("confirmFailures", true);

        List<Map<String, Object>> steps = new ArrayList<>();
        for (SearchStep step : r.steps()) {
            steps.add(step(step));
        }
        Map<String, Object> answer = answer(r);

        Map<String, Object> json = new LinkedHashMap<>();
        json.put("schemaVersion", SCHEMA_VERSION);
        json.put("tool", StressEngine.TOOL);
        json.put("command", "find-max");
        json.put("version", Version.get());
        json.put("search", search);
        json.put("steps", steps);
        json.put("answer", answer);
        return json;
    }

    private static Map<String, Object> answer(FindMaxResult r) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("conclusion", r.conclusion().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        r.highestPassing().ifPresent(p -> {
            answer.put("highestSustainableSamplesPerSecond", p.targetSamplesPerSecond());
            answer.put("highestSustainableStep", p.number());
        });
        r.lowestFailing().ifPresent(f -> {
            answer.put("lowestFailingSamplesPerSecond", f.targetSamplesPerSecond());
            answer.put("lowestFailingStep", f.number());
            r.confirmationOf(f).ifPresent(c -> answer.put("lowestFailingConfirmedBy", c.number()));
        });
        answer.put("text", StepTable.answer(r));
        return answer;
    }

    private static Map<String, Object> step(SearchStep step) {
        BacklogTrend b = step.judgement().backlog();
        Map<String, Object> backlog = new LinkedHashMap<>();
        backlog.put("trend", b.kind().label());
        // NaN is not JSON: an unknown trend has no means.
        backlog.put("firstHalfMean", Double.isNaN(b.firstHalfMean()) ? null : b.firstHalfMean());
        backlog.put("lastHalfMean", Double.isNaN(b.lastHalfMean()) ? null : b.lastHalfMean());
        backlog.put("lastOccupancy", b.lastOccupancy() < 0 ? null : b.lastOccupancy());
        backlog.put("ringSize", b.ringSize());

        Map<String, Object> m = new LinkedHashMap<>();
        m.put("step", step.number());
        m.put("phase", step.phase().label());
        m.put("coldCache", step.coldCache());
        m.put("judged", step.judged());
        m.put("targetSamplesPerSecond", step.targetSamplesPerSecond());
        m.put("achievedSamplesPerSecond", step.achievedSamplesPerSecond());
        m.put("p99Ms", step.p99Ms());
        m.put("drops", step.result().dropped());
        m.put("failed", step.result().failed());
        m.put("backlog", backlog);
        // A warm-up is not judged: it neither passed nor failed.
        m.put("passed", step.judged() ? step.passed() : null);
        m.put("failures", step.judged() ? step.judgement().failures() : List.of());
        // A confirm step names the step it repeats; a failure its passing confirmation overruled names that.
        m.put("repeats", step.repeats() > 0 ? step.repeats() : null);
        m.put("overruledBy", step.overruledBy() > 0 ? step.overruledBy() : null);
        m.put("secondsToSteadyState", step.secondsToSteadyState() >= 0 ? step.secondsToSteadyState() : null);
        m.put("result", step.result());
        return m;
    }
}
