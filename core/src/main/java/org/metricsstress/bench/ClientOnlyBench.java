package org.metricsstress.bench;

import org.metricsstress.report.RunReport;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModels;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.engine.Version;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.engine.Environment;
import org.metricsstress.result.StressResult;

/**
 * {@code bench --client-only}: the field's shapes through the whole pipeline with {@code --sink
 * null} (generator, ring, sample stage, index stage and Guava cache, every request built and encoded,
 * nothing sent), so a user learns on the load machine itself whether the client can drive the rate
 * they mean to put on a cluster. Per shape: a cold phase (until every resource is indexed) and a warm
 * one; and the heap a full ring and the shape's whole cache take.
 */
public final class ClientOnlyBench {
    /**
     * A field shape: the published {@code metrics:stress} command lines (opennms-newts.md).
     *
     * @param rate samples/s the shape targets in the field
     */
    public record Shape(String name, int nodes, int interfaces, int groups, int attributes, int strings,
            Duration interval, double rate) {
        StressConfig.Builder applyTo(StressConfig.Builder b) {
            return b.nodes(nodes).interfaces(interfaces).groups(groups).attributes(attributes).strings(strings)
                    .interval(interval);
        }

        /** The same shape with a hundredth of the nodes: the smoke run's size. */
        Shape smoke() {
            return new Shape(name, nodes / 100, interfaces, groups, attributes, strings, interval, rate / 100);
        }
    }

    /** -n 15000 -f 20 -g 5 -a 10 -s 1 -i 300: 50K samples/s; -a 20: 100K. 1.5 M group resources each. */
    public static final List<Shape> FIELD = List.of(
            new Shape("field-50k", 15_000, 20, 5, 10, 1, Duration.ofSeconds(300), 50_000),
            new Shape("field-100k", 15_000, 20, 5, 20, 1, Duration.ofSeconds(300), 100_000));
    /**
     * The client should drive this many times a shape's rate, so that one load machine is never
     * what limits a run: reported beside the measured multiple.
     */
    static final double TARGET_TIMES = 20;
    /** Flat out: a target far beyond any client, blocking on a full ring. */
    static final double FLAT_OUT_TIMES = 100;

    private final Supplier<StressConfig.Builder> options;
    private final Duration phase;
    private final Duration coldLimit;
    private final boolean smoke;
    private final PrintStream runLog;
    private final PrintStream out;
    private StopRequest stop = new StopRequest();

    public ClientOnlyBench(Supplier<StressConfig.Builder> options, Duration phase, Duration coldLimit, boolean smoke,
            PrintStream runLog, PrintStream out) {
        this.options = options;
        this.phase = phase;
        this.coldLimit = coldLimit;
        this.smoke = smoke;
        this.runLog = runLog;
        this.out = out;
    }

    /** Ends the phase in progress early (Karaf's Ctrl-C); no phase starts after it. */
    public ClientOnlyBench stoppedBy(StopRequest stop) {
        this.stop = stop;
        return this;
    }

    public BenchResult run() throws ClusterException, CacheUnavailableException, InterruptedException {
        List<Shape> shapes = smoke ? FIELD.stream().map(Shape::smoke).toList() : FIELD;
        Shape first = shapes.get(0);
        StressConfig firstConfig = first.applyTo(options.get().writer(WriterModels.candidate())).sink(Sink.NULL).build();
        StressPlan firstPlan = StressPlan.of(firstConfig);
        int entries = (int) Math.min(Integer.MAX_VALUE, (long) firstPlan.groupResources() + firstPlan.interfaceResources());
        out.printf(Locale.ROOT, "client-only bench (--sink null: nothing leaves this JVM); %s per warm phase%n",
                phase.toMillis() % 1000 == 0 ? phase.toSeconds() + "s" : phase.toMillis() + "ms");
        Map<String, Object> memory = MemoryFigures.measure(firstConfig, firstPlan, entries);
        double perEntry = (double) memory.get("heapBytesPerCachedResource");
        memory.put("cacheHeapMegabytes", perEntry * entries / 1e6);
        out.printf(Locale.ROOT, "memory: %.1f heap bytes per buffered sample; %.1f heap bytes per cached resource:"
                        + " %.0f MB for the %s shape's %,d resources%n",
                memory.get("heapBytesPerBufferedSample"), perEntry, perEntry * entries / 1e6, first.name(), entries);

        List<BenchPhase> phases = new ArrayList<>();
        Map<String, Object> findings = new LinkedHashMap<>();
        findings.put("cacheHeapMegabytesAtFieldShape", perEntry * entries / 1e6);
        for (Shape shape : shapes) {
            StressConfig.Builder plan = shape.applyTo(options.get().writer(WriterModels.candidate()));
            double perSecond = StressPlan.of(plan.build()).planSamplesPerSecond();
            double rateFactor = FLAT_OUT_TIMES * shape.rate() / perSecond;
            try (GuavaResourceCache cache = new GuavaResourceCache(Math.max(entries, firstConfig.index().cacheMaxEntries()))) {
                for (boolean cold : new boolean[] {true, false}) {
                    String name = shape.name() + (cold ? "-cold" : "-warm");
                    String description = String.format(Locale.ROOT, "%s shape, %s, flat out into --sink null", shape.name(),
                            cold ? "empty cache until every resource is indexed" : "warm cache");
                    if (stop.requested()) {
                        throw new InterruptedException("stopped before " + name);
                    }
                    out.printf(Locale.ROOT, "%s: %s...%n", name, description);
                    StressConfig config = shape.applyTo(options.get().writer(WriterModels.candidate())).sink(Sink.NULL)
                            .onFull(OnFull.BLOCK).rateFactor(rateFactor).reportInterval(Duration.ofSeconds(5))
                            .duration(cold ? coldLimit : phase).build();
                    StressEngine run = new StressEngine(config, runLog).stoppedBy(stop).withCache(cache);
                    if (cold) {
                        run.stopWhenIndexed();
                    }
                    StressResult r = RunReport.of(config, run.execute(), runLog);
                    BenchPhase p = Bench.measured(name, description, r, -1, false, -1).relativeTo(shape.rate(), -1);
                    if (cold) {
                        p = p.withIndexing(r.index().secondsToComplete(), -1);
                    }
                    phases.add(p);
                    out.printf(Locale.ROOT, "  %-18s %,12.0f samples/s  %5.1fx the shape's %,.0f/s  %6.2f us client CPU/sample"
                                    + "  %.1f bytes/sample  %,d written, %,d index rows, %.1fs%n", p.name(),
                            p.samplesPerSecond(), p.ratioToCeiling(), shape.rate(), p.clientCpuMicrosPerSample(),
                            p.bytesSentPerSample(), p.written(), p.indexRowsWritten(), p.wallSeconds());
                    if (!cold) {
                        findings.put(shape.name() + "WarmTimesFieldRate", p.ratioToCeiling());
                    }
                }
            }
        }
        findings.put("targetTimesFieldRate", TARGET_TIMES);
        Map<String, Object> setup = new LinkedHashMap<>();
        setup.put("sink", "null");
        setup.put("smoke", smoke);
        setup.put("shapes", shapes.stream().map(Shape::name).toList());
        setup.put("phaseSeconds", phase.toMillis() / 1000.0);
        setup.put("writerThreads", firstConfig.pipeline().writerThreads());
        setup.put("threads", firstConfig.pacing().threads());
        setup.put("ringSize", firstConfig.pipeline().ringSize());
        return new BenchResult(2, StressEngine.TOOL, Version.get(),
                Environment.capture(Version.get(), Version.gitCommit(), Version.driver()), setup, phases, memory, findings);
    }
}
