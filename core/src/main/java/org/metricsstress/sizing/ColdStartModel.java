package org.metricsstress.sizing;

import java.util.Locale;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModels;
import org.metricsstress.result.Evidence;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WorkerTime;

/**
 * OpenNMS's writer from a cold cache, as a queue: group commits arrive on the plan's schedule into a
 * ring of bounded size (dropped when it is full) and are taken, in order, by a pool of synchronous
 * workers; a commit costs the workers {@code commitSeconds} of their time, and one whose resource
 * is not in the cache yet costs {@code indexSecondsPerMiss} more (Newts' index writes, waited for).
 * Everything the cold start does follows from those two costs, the pool's size, the plan and the
 * ring: while most commits miss, the pool writes slowly and the ring fills; once each resource has
 * been written once, commits cost only their samples and the ring drains at what the pool can do
 * beyond the target. {@link #predict} plays that out commit by commit.
 *
 * <p>Calibrated on a run that went on after every resource was indexed, a commit costs what the
 * commits took the workers after that (warm), and a miss everything else the workers spent before
 * it: its index writes, building them, and the sample writes that queued behind index writes at the
 * cluster, which commits that index nothing pay only while something is indexing. On one node here,
 * a small plan whose first interval outlasted its indexing (all its commits until then misses)
 * took 2.5 ms of a worker per sample write until then and 0.7 ms per commit after; a plan four times
 * larger, half of whose commits while indexing were hits, 1.2 and 0.6: the queueing followed the
 * misses, not the commits. Charged to the misses, the small plan's costs predicted the larger plan's
 * cold start; charged to every commit, a ring full for more than twice as long as it was.
 *
 * <p>The costs are a run's own, measured (its workers' busy time, {@link WorkerTime}): so a small
 * plan run here calibrates the model for a plan too big to run. What it assumes: the costs are those
 * of the calibration's load (a busier cluster answers slower, so a plan that loads the cluster more
 * drains slower than predicted; but a warm commit paced at a low rate costs more than one taken
 * while the ring drains at full pool, the node's threads woken for each: on one node here 2.6-6.7 ms
 * per commit paced at 50 a second, 1.3-1.5 ms draining, so the drain after a cold start, which the
 * warm cost alone decides, may come in at half what a slowly paced calibration predicts); a cache
 * smaller than the plan's resources misses on every commit (round-robin collection over more
 * resources than a LRU-like cache holds: every entry is evicted
 * before its resource comes round again); the schedule is even over the interval (OpenNMS's pacing
 * puts a node's commits together, which only moves the ring's occupancy within an interval).
 *
 * @param commitSeconds       worker-seconds one group commit takes without indexing (its samples' writes and the rest)
 * @param indexSecondsPerMiss worker-seconds of index writes per group resource indexed (its interface's share included)
 * @param workers             the pool's workers (OpenNMS's writer_threads)
 * @param eventsPerCommit     ring slots one commit takes (2 for OpenNMS's ring)
 * @param clusterNodes        nodes per DC of the calibrating cluster; 0 unknown
 * @param source              where the costs came from, in words
 */
public record ColdStartModel(double commitSeconds, double indexSecondsPerMiss, int workers, int eventsPerCommit,
        int clusterNodes, String source) {

    /**
     * A plan to predict.
     *
     * @param groupResources     group resources (one commit each per interval)
     * @param interfaceResources interface resources (indexed with their groups; count against the cache)
     * @param attributes         samples per commit
     * @param intervalSeconds    the collection interval
     * @param ringSize           ring slots (OpenNMS's ring_buffer_size)
     * @param cacheMaxEntries    the cache's bound (OpenNMS's cache.max_entries)
     * @param workers            writer threads
     */
    public record Plan(long groupResources, long interfaceResources, int attributes, double intervalSeconds,
            long ringSize, long cacheMaxEntries, int workers) {
        /** The plan a run's config asks for, the pool's size its --writer-threads. */
        public static Plan of(StressConfig c) {
            long groups = (long) c.plan().nodes() * c.plan().interfaces() * c.plan().groups();
            long interfaces = (long) c.plan().nodes() * c.plan().interfaces();
            return new Plan(groups, interfaces, c.plan().attributes(), c.pacing().interval().toMillis() / 1000.0,
                    c.pipeline().ringSize(), c.index().cacheMaxEntries(), c.pipeline().writerThreads());
        }

        public double targetSamplesPerSecond() {
            return groupResources * attributes / intervalSeconds;
        }

        public long resources() {
            return groupResources + interfaceResources;
        }
    }

    /** Longest stretch of plan time simulated: a cold start that has not ended by then is said to never end. */
    public static final double HORIZON_SECONDS = 48 * 3600;

    /**
     * Calibrates from a run of OpenNMS's writer: its workers' time over the run, the index waits in it,
     * the commits they took and the resources they indexed; split where every resource had been
     * indexed when the run went on long enough after it (the class's comment says why).
     *
     * @throws IllegalArgumentException (one line) when the result lacks what is needed
     */
    public static ColdStartModel calibrate(StressResult r, String name) {
        Evidence e = r.evidence();
        if (e == null || e.workers() == null || !e.workers().measured() || e.workers().events() == 0) {
            throw new IllegalArgumentException(name + ": no workers' time in the result (a result of schema 9 or later, "
                    + "of a run that wrote, is needed to calibrate the cold start)");
        }
        if (e.writer() == null || !WriterModels.named(e.writer()).indexesInline()) {
            throw new IllegalArgumentException(name + ": a run of --writer " + e.writer() + "; the cold-start model is "
                    + "OpenNMS's writer's: calibrate on a run of --writer opennms");
        }
        if (r.index() == null || !r.index().enabled() || r.index().resourcesWritten() == 0) {
            throw new IllegalArgumentException(name + ": the run indexed nothing (--no-index, or a warm cache): "
                    + "a cold run is needed to measure the index cost");
        }
        WorkerTime w = e.workers();
        int perCommit = Math.max(1, e.eventsPerCommit());
        double commits = (double) w.events() / perCommit;
        double groups = r.plan().groupResourceCount();
        double interfaces = r.plan().interfaceResourceCount();
        double groupShare = groups > 0 ? groups / (groups + interfaces) : 1;
        double groupMisses = r.index().resourcesWritten() * groupShare;
        double commitSeconds = (w.busySeconds() - w.indexWaitSeconds()) / commits;
        double indexSeconds = w.indexWaitSeconds() / groupMisses;
        String source = String.format(Locale.ROOT, "%s: %d workers busy %.1f s over %.1f s, %.1f s of it waiting for "
                + "index writes; %,.0f commits taken (%,d events / %d), %,d resources indexed (%,.0f group resources)",
                name, w.workers(), w.busySeconds(), w.wallSeconds(), w.indexWaitSeconds(), commits, w.events(), perCommit,
                r.index().resourcesWritten(), groupMisses);
        WorkerTime s = e.steadyState();
        double steadyCommits = s == null ? 0 : (double) s.events() / perCommit;
        double coldCommits = commits - steadyCommits;
        // Split only with enough commits on both sides to measure (a few report lines' worth).
        if (s != null && s.measured() && steadyCommits >= 100 && coldCommits >= 100 && s.busySeconds() > s.indexWaitSeconds()) {
            double warm = (s.busySeconds() - s.indexWaitSeconds()) / steadyCommits;
            double coldBusy = w.busySeconds() - s.busySeconds();
            double miss = (coldBusy - coldCommits * warm) / groupMisses;
            if (miss > 0) {
                return new ColdStartModel(warm, miss, w.workers(), perCommit, nodesPerDc(r), source + String.format(
                        Locale.ROOT, "; until every resource was indexed busy %.1f s for %,.0f commits, after it %.1f s "
                                + "(%.1f s of it waiting for index writes) for %,.0f", coldBusy, coldCommits,
                        s.busySeconds(), s.indexWaitSeconds(), steadyCommits));
            }
        }
        return new ColdStartModel(commitSeconds, indexSeconds, w.workers(), perCommit, nodesPerDc(r), source);
    }

    /**
     * Calibrates from what was observed rather than measured by this tool (the field's figures): the rate
     * written while indexing, how long indexing took, the group resources, and the rate the ring drained
     * at afterwards (the pool's warm capacity), all for a pool of {@code workers}.
     */
    public static ColdStartModel observed(double writtenWhileIndexing, double indexingSeconds, long groupResources,
            double warmCapacity, int attributes, int workers, int eventsPerCommit, int clusterNodes, String source) {
        // Warm, the pool is busy all the time writing commits: workers seconds per second.
        double commitSeconds = workers * attributes / warmCapacity;
        // While indexing, the pool's time went to the commits written and to indexing every group resource once.
        double commitsWritten = writtenWhileIndexing * indexingSeconds / attributes;
        double indexSeconds = (workers * indexingSeconds - commitsWritten * commitSeconds) / groupResources;
        if (indexSeconds <= 0) {
            throw new IllegalArgumentException("the rates given leave no time for indexing: the rate while indexing "
                    + "must be below the warm capacity");
        }
        return new ColdStartModel(commitSeconds, indexSeconds, workers, eventsPerCommit, clusterNodes, source);
    }

    /** This model on {@code nodes} nodes per DC: each wait scaled by {@code clusterNodes / nodes}. */
    public ColdStartModel onNodes(int nodes) {
        if (clusterNodes <= 0 || nodes == clusterNodes) {
            return this;
        }
        double f = (double) clusterNodes / nodes;
        return new ColdStartModel(commitSeconds * f, indexSecondsPerMiss * f, workers, eventsPerCommit, nodes,
                source + String.format(Locale.ROOT, "; waits scaled by %d/%d nodes", clusterNodes, nodes));
    }

    /** The pool's warm capacity for a pool of {@code poolWorkers}, in samples per second. */
    public double warmSamplesPerSecond(int poolWorkers, int attributes) {
        return poolWorkers * attributes / commitSeconds;
    }

    /** Plays the cold start of {@code plan} out, commit by commit, from an empty cache. */
    public ColdStartPrediction predict(Plan plan) {
        int groups = (int) Math.min(Integer.MAX_VALUE - 8, plan.groupResources());
        int capacity = (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, plan.ringSize() / eventsPerCommit));
        boolean thrash = plan.cacheMaxEntries() < plan.resources();
        double speed = plan.workers();
        double arrivalGap = plan.intervalSeconds() / groups;
        double warm = warmSamplesPerSecond(plan.workers(), plan.attributes());
        double target = plan.targetSamplesPerSecond();

        boolean[] indexed = new boolean[groups];
        int[] ring = new int[capacity];
        int head = 0;
        int size = 0;
        long indexedCount = 0;
        double clock = 0;
        double indexedAt = -1;
        double fullAt = -1;
        double lastDropAt = -1;
        double drainedAt = -1;
        long peak = 0;
        long dropped = 0;
        long written = 0;
        long writtenWhileIndexing = -1;
        double drainBelow = 0.10 * capacity;
        long arrivals = (long) Math.ceil(HORIZON_SECONDS / arrivalGap);
        for (long j = 0; j < arrivals; j++) {
            double t = j * arrivalGap;
            // The pool takes what it can before this arrival.
            while (size > 0) {
                int k = ring[head];
                boolean miss = thrash || !indexed[k];
                double finish = clock + (commitSeconds + (miss ? indexSecondsPerMiss : 0)) / speed;
                if (finish > t) {
                    break;
                }
                clock = finish;
                head = head + 1 == capacity ? 0 : head + 1;
                size--;
                written += plan.attributes();
                if (!indexed[k]) {
                    indexed[k] = true;
                    if (++indexedCount == groups) {
                        indexedAt = finish;
                        writtenWhileIndexing = written;
                    }
                }
            }
            if (size == 0) {
                clock = Math.max(clock, t);
            }
            if (fullAt >= 0 && drainedAt < 0 && size < drainBelow && t > lastDropAt) {
                drainedAt = t;
            }
            boolean over = indexedAt >= 0 && (fullAt < 0 || drainedAt >= 0);
            // A full ring that the pool cannot empty (warm, or with every commit indexed again) never drains.
            double sustained = thrash ? plan.workers() * plan.attributes() / (commitSeconds + indexSecondsPerMiss) : warm;
            if (fullAt >= 0 && drainedAt < 0 && (indexedAt >= 0 || thrash) && sustained <= target) {
                break;
            }
            if (over && t > indexedAt + plan.intervalSeconds()) {
                break;
            }
            int k = (int) (j % groups);
            if (size >= capacity) {
                dropped += plan.attributes();
                if (fullAt < 0) {
                    fullAt = t;
                }
                lastDropAt = t;
            } else {
                int tail = head + size;
                ring[tail >= capacity ? tail - capacity : tail] = k;
                size++;
                peak = Math.max(peak, size);
            }
        }
        double whileIndexing = indexedAt > 0 ? writtenWhileIndexing / indexedAt : -1;
        return new ColdStartPrediction(plan, this, thrash, target, warm, fullAt, lastDropAt,
                fullAt >= 0 && lastDropAt >= fullAt ? lastDropAt - fullAt : 0, drainedAt,
                drainedAt >= 0 && lastDropAt >= 0 ? drainedAt - lastDropAt : -1, peak * eventsPerCommit,
                (long) capacity * eventsPerCommit, indexedAt, whileIndexing, dropped);
    }

    static int nodesPerDc(StressResult r) {
        if (r.cluster() == null) {
            return 0;
        }
        return (int) Math.round((double) r.cluster().nodeCount() / r.cluster().dataCentres());
    }

    static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }
}
