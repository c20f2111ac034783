package org.metricsstress.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;
import org.metricsstress.result.LatencyKind;

/**
 * Every figure of a run, recorded by the stages and read by the reporters. Counters are Dropwizard
 * counters (LongAdder inside: cheap under contention); latencies are HdrHistogram recorders.
 *
 * <p>The audit: every generated sample ends as exactly one of written, dropped (ring full) or
 * failed (error or abandoned at the end).
 */
public final class StressMetrics {
    public static final String PREFIX = "metrics-stress.";

    private final MetricRegistry registry;
    private final Counter samplesGenerated;
    private final Counter samplesDropped;
    private final Counter samplesHanded;
    private final Counter samplesWritten;
    private final Counter samplesFailed;
    private final Counter samplesUnsent;
    private final Counter groupCommitsUnsent;
    private final Counter groupCommitsGenerated;
    private final Counter groupCommitsDropped;
    private final Counter stringAttributesGenerated;
    private final Counter writeRequests;
    private final Counter sinkErrors;
    private final Counter ringFull;
    private final Counter indexEventsDropped;
    /** System.nanoTime() of the first time a producer found the ring full; 0 before. */
    private final AtomicLong firstRingFullNanos = new AtomicLong();
    private final Counter indexStageErrors;
    private final Counter retries;
    private final Counter speculativeExecutions;
    private final Counter requestsOffReplica;
    private final Map<ErrorClass, Counter> failuresByClass = new EnumMap<>(ErrorClass.class);
    private final NodeFigures nodes = new NodeFigures();
    private final AtomicReferenceArray<String> firstFailures =
            new AtomicReferenceArray<>(ErrorClass.values().length);
    private final LatencyTracker response = new LatencyTracker(LatencyKind.RESPONSE.tag());
    private final LatencyTracker service = new LatencyTracker(LatencyKind.SERVICE.tag());
    private final LatencyTracker queue = new LatencyTracker(LatencyKind.QUEUE.tag(), true);
    private final LatencyTracker scheduleLag = new LatencyTracker(LatencyKind.SCHEDULE_LAG.tag());
    private final WorkerClock workerClock;
    private final NewtsCalls newtsCalls = new NewtsCalls();

    public StressMetrics() {
        this(new MetricRegistry());
    }

    public StressMetrics(MetricRegistry registry) {
        this.registry = registry;
        samplesGenerated = registry.counter(PREFIX + "samples.generated");
        samplesDropped = registry.counter(PREFIX + "samples.dropped");
        samplesHanded = registry.counter(PREFIX + "samples.handed-to-writer");
        samplesWritten = registry.counter(PREFIX + "samples.written");
        samplesFailed = registry.counter(PREFIX + "samples.failed");
        samplesUnsent = registry.counter(PREFIX + "samples.unsent");
        groupCommitsUnsent = registry.counter(PREFIX + "group-commits.unsent");
        groupCommitsGenerated = registry.counter(PREFIX + "group-commits.generated");
        groupCommitsDropped = registry.counter(PREFIX + "group-commits.dropped");
        stringAttributesGenerated = registry.counter(PREFIX + "string-attributes.generated");
        writeRequests = registry.counter(PREFIX + "writes.requests");
        sinkErrors = registry.counter(PREFIX + "writes.sink-errors");
        ringFull = registry.counter(PREFIX + "ring.full");
        indexEventsDropped = registry.counter(PREFIX + "ring.index-events-dropped");
        indexStageErrors = registry.counter(PREFIX + "index.stage-errors");
        retries = registry.counter(PREFIX + "writes.retries");
        speculativeExecutions = registry.counter(PREFIX + "writes.speculative-executions");
        requestsOffReplica = registry.counter(PREFIX + "writes.requests-off-replica");
        workerClock = new WorkerClock(registry);
        for (ErrorClass c : ErrorClass.values()) {
            failuresByClass.put(c, registry.counter(PREFIX + "samples.failed." + c.name().toLowerCase()));
        }
    }

    /** Where the writer's workers spend their time. */
    public WorkerClock workerClock() {
        return workerClock;
    }

    /** What the OpenNMS writer counts per call of Newts, for OpenNMS's own metric names. */
    public NewtsCalls newtsCalls() {
        return newtsCalls;
    }

    public MetricRegistry registry() {
        return registry;
    }

    private volatile LossLedger losses = LossLedger.NONE;

    /** From now on, losses are also kept per group resource (keys 0 to n-1), for a read-back per series. */
    public LossLedger trackLosses(int resourceKeys) {
        LossLedger ledger = new LossLedger(resourceKeys);
        losses = ledger;
        return ledger;
    }

    /** Samples lost by one resource's series (already counted by their kind). */
    private void lost(int resourceKey, int samples) {
        losses.add(resourceKey, samples);
    }

    // --- recording, called by the stages

    public void generated(int samples, int strings) {
        samplesGenerated.inc(samples);
        groupCommitsGenerated.inc();
        stringAttributesGenerated.inc(strings);
    }

    /**
     * A group commit the schedule meant before the run ended that was never generated: its
     * generator was behind when it was stopped. Part of the schedule's debt, not of the audit of
     * what was generated.
     */
    public void unsent(int samples) {
        samplesUnsent.inc(samples);
        groupCommitsUnsent.inc();
    }

    /** A group commit of {@code resourceKey} dropped: its samples lost to that series. */
    public void dropped(int resourceKey, int samples) {
        dropped(samples);
        lost(resourceKey, samples);
    }

    /** Samples of {@code resourceKey}'s series that failed. */
    public void failed(int resourceKey, int samples, ErrorClass cause) {
        failed(samples, cause);
        lost(resourceKey, samples);
    }

    /** A group commit of {@code resourceKey} the schedule meant but no generator reached. */
    public void unsent(int resourceKey, int samples) {
        unsent(samples);
        lost(resourceKey, samples);
    }

    public void dropped(int samples) {
        samplesDropped.inc(samples);
        groupCommitsDropped.inc();
    }

    public void handedToWriter(int samples) {
        samplesHanded.inc(samples);
    }

    /** A producer found its lane full (it then dropped or waited, by policy): the ring pushed back. */
    public void ringFull() {
        ringFull.inc();
        if (firstRingFullNanos.get() == 0) {
            firstRingFullNanos.compareAndSet(0, System.nanoTime());
        }
    }

    /**
     * The OpenNMS writer's index-only event of a group commit found the ring full and was dropped:
     * no samples lost, its string attributes not indexed this time.
     */
    public void indexEventDropped() {
        indexEventsDropped.inc();
    }

    /** When the ring was first found full (System.nanoTime()), or 0 if never. */
    public long firstRingFullNanos() {
        return firstRingFullNanos.get();
    }

    /** The sample stage's end-of-batch step threw (its samples are the sink's to account for). */
    public void sinkFailed() {
        sinkErrors.inc();
    }

    /** The index stage threw on a commit: index work lost, samples untouched. */
    public void indexStageFailed() {
        indexStageErrors.inc();
    }

    public void requestSent() {
        writeRequests.inc();
    }

    public void written(int samples) {
        samplesWritten.inc(samples);
    }

    public void failed(int samples, ErrorClass cause) {
        samplesFailed.inc(samples);
        failuresByClass.get(cause).inc(samples);
    }

    /** Whether the first failure of {@code cause} has been described yet. */
    public boolean hasFirstFailure(ErrorClass cause) {
        return firstFailures.get(cause.ordinal()) != null;
    }

    /** Keeps the first failure message of each class, so the summary can say what "other" was. */
    public void firstFailure(ErrorClass cause, String message) {
        firstFailures.compareAndSet(cause.ordinal(), null, message);
    }

    /** The first failure message of {@code cause}, or null. */
    public String firstFailureOf(ErrorClass cause) {
        return firstFailures.get(cause.ordinal());
    }

    /** A request sent again after a retryable failure (--retries): an attempt, never a sample. */
    public void retried() {
        retries.inc();
    }

    /** Requests the driver's retry policy sent again over the run (read from its node metrics at the end). */
    public void retriedByDriver(long n) {
        retries.inc(n);
    }

    /** Extra executions the driver started for a request (--speculative-delay). */
    public void speculated(int executions) {
        speculativeExecutions.inc(executions);
    }

    /** A request answered by a coordinator that is not a replica of all its partitions. */
    public void offReplica() {
        requestsOffReplica.inc();
    }

    /** Figures per coordinator node. */
    public NodeFigures nodes() {
        return nodes;
    }

    public LatencyTracker response() {
        return response;
    }

    /** Sent to acknowledged: what the database alone took. */
    public LatencyTracker service() {
        return service;
    }

    /** Intended time to picked up by a writer: time spent waiting in generator lag and the ring. */
    public LatencyTracker queue() {
        return queue;
    }

    /** How late a generator was, per group commit: intended time to the moment it filled a slot. */
    public LatencyTracker scheduleLag() {
        return scheduleLag;
    }

    public void gauge(String name, LongSupplier value) {
        registry.gauge(PREFIX + name, () -> (Gauge<Long>) value::getAsLong);
    }

    // --- reading

    /**
     * Every count as it is now. Each counter is read once while the stages keep counting: the
     * outcomes are read before "generated", so a sample counted written, dropped or failed is
     * always among those generated and {@link Counts#unaccounted()} is never below zero; it is
     * exact once the run has drained.
     */
    public Counts counts() {
        long written = samplesWritten.getCount();
        long dropped = samplesDropped.getCount();
        long failed = samplesFailed.getCount();
        Map<ErrorClass, Long> byClass = new EnumMap<>(ErrorClass.class);
        failuresByClass.forEach((c, counter) -> byClass.put(c, counter.getCount()));
        long groupCommitsDropped = this.groupCommitsDropped.getCount();
        return new Counts(samplesGenerated.getCount(), written, dropped, failed, samplesUnsent.getCount(), byClass,
                groupCommitsGenerated.getCount(), groupCommitsDropped, groupCommitsUnsent.getCount(),
                stringAttributesGenerated.getCount(), writeRequests.getCount(), sinkErrors.getCount(),
                ringFull.getCount(), indexEventsDropped.getCount(), indexStageErrors.getCount(),
                retries.getCount(), speculativeExecutions.getCount(), requestsOffReplica.getCount());
    }
}
