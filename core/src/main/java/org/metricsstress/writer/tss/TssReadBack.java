package org.metricsstress.writer.tss;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.config.StressConfig;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.SampleValues;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.VerifyReport;
import org.metricsstress.verify.ExpectedSamples;
import org.metricsstress.verify.ResourceShare;
import org.metricsstress.writer.tss.receiver.ReadBackPlan;
import org.metricsstress.writer.tss.receiver.ReadBackReport;
import org.metricsstress.writer.tss.receiver.ReceiverReadBack;
import org.metricsstress.writer.tss.receiver.SeriesMismatch;

/**
 * {@code --verify-after} for a TSS run: every series of the resources picked read back through the
 * receiver's query API (raw samples: Prometheus' range selector, VictoriaMetrics' export) and held
 * to what the run meant to write less what it lost. A group is one request, taken or lost whole,
 * so a resource that lost n samples lost n / attributes of each of its series' timestamps.
 */
final class TssReadBack {
    private TssReadBack() {}

    /**
     * @param losses what the run lost per series (its result's ledger), or null: held to none
     */
    static VerifyReport verify(StressConfig config, long start, double generationSeconds, double fraction,
            SeriesLosses losses, PrintStream out) {
        StressPlan plan = StressPlan.of(config);
        Schedule schedule = config.pacing().rateSteps() != null
                ? Schedule.stepped(plan, 0, start, config.pacing().rateSteps().steps())
                : new Schedule(plan, 0, start, config.pacing().duration() == null ? Long.MAX_VALUE
                        : config.pacing().duration().toNanos());
        ExpectedSamples expected = new ExpectedSamples(plan, schedule, Math.round(generationSeconds * 1e9));
        int[] keys = ResourceShare.pick(plan, fraction);
        int[] lost = losses == null ? new int[plan.groupResources()] : losses.byKey(plan.groupResources());
        ResourceNames names = ResourceNames.storeByForeignSource(plan.resourceIds().storeByForeignSource());
        Map<String, Integer> keyOf = new HashMap<>();
        Map<Integer, List<String>> idsByGroup = new HashMap<>();
        Map<Integer, Integer> timestamps = new HashMap<>();
        long samplesExpected = 0;
        long explained = 0;
        long last = start;
        for (int key : keys) {
            String id = names.groupResource(new StringBuilder(), plan.nodeOf(key), plan.interfaceOf(key),
                    plan.groupOf(key)).toString().replace(':', '/');
            keyOf.put(id, key);
            idsByGroup.computeIfAbsent(plan.groupOf(key), g -> new ArrayList<>()).add(id);
            long[] ts = expected.timestampsOf(key);
            timestamps.put(key, ts.length);
            if (ts.length > 0) {
                last = Math.max(last, ts[ts.length - 1]);
            }
            samplesExpected += (long) ts.length * plan.attributes();
            explained += lost[key];
        }
        List<String> metricNames = new ArrayList<>();
        Map<String, Integer> groupOfName = new HashMap<>();
        Map<String, Integer> attributeOfName = new HashMap<>();
        for (int g = 0; g < plan.groups(); g++) {
            for (int a = 0; a < plan.attributes(); a++) {
                String n = ResourceNames.metricName(g, a);
                metricNames.add(n);
                groupOfName.put(n, g);
                attributeOfName.put(n, a);
            }
        }
        SampleValues values = plan.values();
        int attributes = plan.attributes();
        ReadBackPlan readBack = new ReadBackPlan(metricNames, null,
                n -> idsByGroup.getOrDefault(groupOfName.get(n), List.of()),
                (id, n) -> {
                    Integer key = keyOf.get(id);
                    return key == null ? 0 : timestamps.get(key) - lost[key] / attributes;
                },
                (id, n, ts) -> values.value(keyOf.get(id), attributeOfName.get(n), ts), start, last);
        out.printf(Locale.ROOT, "verify: reading back %,d of %,d group resources (%s) from %s%n", keys.length,
                plan.ownedGroupResources(), fraction >= 1 ? "all" : String.format(Locale.ROOT, "%.3g%%", 100 * fraction),
                config.tss().readUrl());
        try {
            ReadBackReport r = new ReceiverReadBack(config.tss().readUrl()).check(readBack);
            long wrong = 0;
            long unexpected = 0;
            List<String> first = new ArrayList<>();
            for (SeriesMismatch m : r.firstMismatches()) {
                wrong += m.wrongValues();
                if (m.problem() == SeriesMismatch.Problem.MORE_SAMPLES || m.problem() == SeriesMismatch.Problem.UNEXPECTED) {
                    unexpected += Math.max(1, m.samplesRead() - m.expectedSamples());
                }
                if (first.size() < VerifyReport.LISTED) {
                    first.add(m.describe());
                }
            }
            long missing = Math.max(0, samplesExpected - r.samplesRead() + unexpected);
            return new VerifyReport(keys.length, samplesExpected, r.samplesRead(), missing, unexpected, wrong,
                    Math.min(missing, explained), true, 0, 0, first, null);
        } catch (IOException | RuntimeException e) {
            out.println("verify: reading back failed: " + e.getMessage());
            return new VerifyReport(0, 0, 0, 0, 0, 0, 0, true, 0, 0, List.of(), String.valueOf(e.getMessage()));
        }
    }
}
