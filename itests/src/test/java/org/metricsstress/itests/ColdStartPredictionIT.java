package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.StressResult;
import org.metricsstress.sizing.ColdStartModel;
import org.metricsstress.sizing.ColdStartPrediction;

/**
 * The cold-start model checked on a real node (issue 37): calibrated on a small plan's cold run, it
 * predicts a plan four times larger (resources and rate) before that plan runs; the run then
 * measures what was predicted: when the ring filled, how long samples were dropped, how long the
 * ring took to drain after the last drop, and its peak. Each within 30 % (the times read off the
 * one-second report lines within 30 % and one line).
 *
 * <p>Sized to this machine: two warm-up runs (the small plan's resources at the large plan's rate,
 * then the small plan itself) warm the node; the large plan asks 10,000 samples/s (or what the
 * workers took warm in the first warm-up, if less), meant to be more than the workers take while
 * indexing and less than they take warm, so that its ring fills and drains; the small plan a quarter
 * of it. The ring of the large run is the largest the prediction says fills for 5 s or more, so that
 * there is a drop window and a drain to compare. On this machine no such ring exists warm (the
 * reason it is disabled).
 */
@ExtendWith(CassandraExtension.class)
@Disabled("cannot be arranged on the 2-core CI machine: warm (two warm-up runs first), the calibration's workers "
        + "take about 1,400 commits/s while indexing, so a large plan whose ring fills must ask more than ~14,000 "
        + "samples/s of one node that sustains 7,500 (find-max); at 10,000 samples/s the model says, and the run "
        + "showed, a ring that never fills (docs/sizing.md, 'On this machine'); run it by hand against a bigger node")
class ColdStartPredictionIT {
    private static final int SMALL_NODES = 50;
    private static final int INTERFACES = 10;
    private static final int GROUPS = 5;
    private static final int ATTRIBUTES = 10;
    private static final double TOLERANCE = 0.30;
    /** The pause before each measured run, for the node to finish the work the run before left it. */
    private static final long QUIET_MS = 30_000;

    private static StressResult run(CassandraServer server, Path dir, String name, int nodes, Duration interval,
            int ringSize, Duration duration) throws Exception {
        Path json = dir.resolve(name + ".json");
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("predict_" + name)
                .nodes(nodes).interfaces(INTERFACES).groups(GROUPS).attributes(ATTRIBUTES).strings(2)
                .interval(interval).reportInterval(Duration.ofSeconds(1)).duration(duration)
                .writer(Writer.OPENNMS).ringSize(ringSize).cacheMaxEntries(1_000_000).resultJson(json).build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        StressResult r = ResultJson.read(json);
        assertTrue(r.auditBalances(), "audit: unaccounted " + r.unaccounted());
        return r;
    }

    /** When the last sample was dropped: the middle of the last report line with drops; -1 none. */
    static double lastDropAt(StressResult r) {
        double last = -1;
        for (IntervalStats i : r.intervals()) {
            if (i.dropped() > 0) {
                last = i.elapsedSeconds() - i.intervalSeconds() / 2;
            }
        }
        return last;
    }

    @Test
    void aSmallPlanPredictsTheColdStartOfOneFourTimesLarger(CassandraServer server, @TempDir Path dir) throws Exception {
        int groups = SMALL_NODES * INTERFACES * GROUPS;
        // A fresh node's first runs are slow: its workers took 25 ms per event in the first run here, 11 in
        // the second, 3 in the third (JIT, tables, page cache). A warm-up of 40 s, the small plan's
        // resources at the large plan's rate, gets the node there first; its figures are not used but to
        // slow the plans down on a machine that is much slower warm.
        StressResult warmUp = run(server, dir, "warmup", SMALL_NODES, Duration.ofMillis(2500), 8192, Duration.ofSeconds(40));
        var steady = warmUp.evidence().steadyState();
        double warmCommits = steady != null && steady.events() > 0 && steady.busySeconds() > steady.indexWaitSeconds()
                ? steady.workers() * (steady.events() / 2.0) / (steady.busySeconds() - steady.indexWaitSeconds()) : 2000;
        // The large plan at 10,000 samples/s (1,000 commits/s), or what the workers took warm in the
        // warm-up if less: more than they take while indexing, less than warm, so its ring fills and drains.
        double largeCommits = Math.min(1000, warmCommits);
        Duration interval = Duration.ofMillis(Math.max(1000, Math.min(30_000, Math.round(1000 * 4 * groups / largeCommits))));
        System.out.printf(Locale.ROOT, "warm-up: the workers take about %.0f commits/s warm; interval %s: small plan "
                + "%.0f samples/s, large %.0f%n", warmCommits, interval,
                groups * ATTRIBUTES * 1000.0 / interval.toMillis(), 4 * groups * ATTRIBUTES * 1000.0 / interval.toMillis());

        // A node busy flushing and compacting what the run before wrote answers slower: in two runs here the
        // run right after a heavy one took its workers three times longer per event than the one after it.
        // Each measured run starts on a quiet node.
        // A second warm-up, the small plan itself at its own rate: the run after the first warm-up was still
        // slow in four test runs (10 to 13 ms per event, against 2.5 to 3 in the run after it); after this
        // one the calibration took 3.3 ms per event.
        run(server, dir, "warmup2", SMALL_NODES, interval, 8192, interval.plusSeconds(15));
        Thread.sleep(QUIET_MS);
        // The calibration: the small plan from a cold cache, long enough to index every resource.
        StressResult small = run(server, dir, "small", SMALL_NODES, interval, 8192,
                interval.plusSeconds(Math.max(15, interval.toSeconds())));
        ColdStartModel model = ColdStartModel.calibrate(small, "small.json");
        System.out.println("calibration: " + model);

        // The prediction, before the large plan runs: the largest ring that fills for 5 s or more.
        int largeNodes = 4 * SMALL_NODES;
        ColdStartPrediction predicted = null;
        for (int ring = 1 << 20; ring >= 1024; ring >>= 1) {
            ColdStartPrediction p = model.predict(new ColdStartModel.Plan((long) largeNodes * INTERFACES * GROUPS,
                    (long) largeNodes * INTERFACES, ATTRIBUTES, interval.toMillis() / 1000.0, ring, 1_000_000, 16));
            if (p.ringFills() && p.dropSeconds() >= 5 && p.ringDrainedAtSeconds() > 0) {
                predicted = p;
                break;
            }
        }
        assertTrue(predicted != null, "the model finds a ring that fills and drains for the large plan: " + model);
        System.out.println("predicted: " + predicted);
        double end = predicted.ringDrainedAtSeconds() * 1.5 + 10;
        assertTrue(end < 240, "the large run stays short: " + predicted);

        Thread.sleep(QUIET_MS);
        StressResult large = run(server, dir, "large", largeNodes, interval, (int) predicted.ringSize(),
                Duration.ofSeconds(Math.round(end)));
        var c = large.coldStart();
        double lastDrop = lastDropAt(large);
        double measuredDrop = lastDrop - c.ringFullAtSeconds();
        double measuredDrain = c.ringDrainedAtSeconds() - lastDrop;
        String table = String.format(Locale.ROOT, "%n%-22s %10s %10s%n%-22s %10.1f %10.1f%n%-22s %10.1f %10.1f%n"
                + "%-22s %10.1f %10.1f%n%-22s %10d %10d%n", "", "predicted", "measured",
                "ring full at s", predicted.ringFullAtSeconds(), c.ringFullAtSeconds(),
                "drops for s", predicted.dropSeconds(), measuredDrop,
                "drained after drops s", predicted.drainSeconds(), measuredDrain,
                "ring peak (events)", predicted.ringPeak(), c.ringPeak());
        System.out.println(table);
        assertTrue(c.ringFilled() && c.ringDrainedAtSeconds() > 0 && lastDrop > 0, "the large run filled and drained: " + c + table);
        within("ring full at", predicted.ringFullAtSeconds(), c.ringFullAtSeconds(), 0, table);
        within("drop window", predicted.dropSeconds(), measuredDrop, 1, table);
        within("drain time", predicted.drainSeconds(), measuredDrain, 1, table);
        within("ring peak", predicted.ringPeak(), c.ringPeak(), 0, table);
    }

    private static void within(String what, double predicted, double measured, double resolution, String table) {
        assertTrue(Math.abs(predicted - measured) <= TOLERANCE * measured + resolution,
                what + ": predicted " + predicted + ", measured " + measured + " (30 % + " + resolution + ")" + table);
    }
}
