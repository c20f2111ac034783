package org.metricsstress.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.io.PrintStream;
import java.util.ArrayList;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import org.metricsstress.result.VerifyReport;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.MetricType;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.SampleValueCodec;
import java.util.function.Supplier;

/**
 * Reads back what a run wrote for a set of group resources and checks it against what the plan
 * says it must be: every expected sample present with the value function's value (a value Newts
 * could not read counts as wrong, named with its key), nothing else in their partitions, and their
 * index rows as OpenNMS writes them in place.
 *
 * <p>Reads are one query per resource and Newts partition (a week), at the session's consistency,
 * one after the other: a check, not a load.
 */
public final class Verifier {
    private static final long PROGRESS_NANOS = 5_000_000_000L;

    private final CqlSession session;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    private final MetricType valueType;
    private final int variationFactor;
    private final PrintStream out;
    private final PreparedStatement samples;
    private final PreparedStatement metrics;
    private final PreparedStatement term;
    private final PreparedStatement attributes;

    public Verifier(CqlSession session, String keyspace, StressPlan plan, int variationFactor, PrintStream out) {
        this.session = session;
        this.plan = plan;
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.valueType = MetricType.named(plan.values().model().newtsType());
        this.variationFactor = variationFactor;
        this.out = out;
        this.samples = session.prepare("SELECT collected_at, metric_name, value FROM " + keyspace
                + ".samples WHERE context = ? AND partition = ? AND resource = ?");
        this.metrics = session.prepare("SELECT metric_name FROM " + keyspace
                + ".resource_metrics WHERE context = ? AND resource = ?");
        this.term = session.prepare("SELECT resource FROM " + keyspace
                + ".terms WHERE context = ? AND field = ? AND value = ? AND resource = ?");
        this.attributes = session.prepare("SELECT attribute, value FROM " + keyspace
                + ".resource_attributes WHERE context = ? AND resource = ?");
    }

    /**
     * Checks {@code keys}. A series' missing samples are the run's own up to what that series lost
     * (dropped, failed or never sent); beyond that they are unexplained: acknowledged writes gone.
     */
    public VerifyReport verify(int[] keys, ExpectedSamples expected, RunLosses losses) {
        Tally t = new Tally();
        long started = System.nanoTime();
        long nextProgress = started + PROGRESS_NANOS;
        for (int i = 0; i < keys.length; i++) {
            long missingBefore = t.missing;
            long[] timestamps = expected.timestampsOf(keys[i]);
            List<String> missingHere = checkSamples(keys[i], timestamps, t);
            // A series that lost every sample was never handed to a writer: nothing indexed it.
            boolean everyLost = losses.perSeries() && losses.of(keys[i]) >= (long) timestamps.length * plan.attributes();
            if (!everyLost) {
                checkIndex(keys[i], t);
            }
            if (losses.perSeries()) {
                long missing = t.missing - missingBefore;
                long explained = Math.min(missing, losses.of(keys[i]));
                t.explained += explained;
                if (missing > explained) {
                    t.note("unexplained: " + groupResource(keys[i]) + " misses " + missing + " samples, lost "
                            + losses.of(keys[i]));
                    missingHere.forEach(t::note);
                }
            } else {
                // Without a ledger per series any missing sample may be the run's own: list them all.
                missingHere.forEach(t::note);
            }
            if (System.nanoTime() >= nextProgress) {
                out.printf(Locale.ROOT, "verify: %,d of %,d resources, %,d samples read, %,d mismatches so far%n", i + 1,
                        keys.length, t.read, t.missing + t.unexpected + t.wrong + t.indexMissing);
                nextProgress += PROGRESS_NANOS;
            }
        }
        long explained = losses.perSeries() ? t.explained : Math.min(t.missing, losses.total());
        return new VerifyReport(keys.length, t.expected, t.read, t.missing, t.unexpected, t.wrong, explained,
                losses.perSeries(), t.indexChecked, t.indexMissing, List.copyOf(t.first), null);
    }

    /** Checks the series' samples; returns its first missing samples, listed by the caller if unexplained. */
    private List<String> checkSamples(int key, long[] timestamps, Tally t) {
        String resource = groupResource(key);
        int group = plan.groupOf(key);
        Set<Long> wanted = new HashSet<>();
        TreeSet<Integer> partitions = new TreeSet<>();
        for (long ts : timestamps) {
            wanted.add(ts);
            partitions.add(NewtsSchema.partitionOf(ts));
        }
        t.expected += (long) timestamps.length * plan.attributes();
        Set<String> found = new HashSet<>();
        for (int partition : partitions) {
            for (Row row : session.execute(samples.bind(NewtsSchema.CONTEXT, partition, resource))) {
                t.read++;
                long ts = row.getInstant(0).toEpochMilli();
                String metric = row.getString(1);
                int[] ga = ResourceNames.parseMetricName(metric);
                if (!wanted.contains(ts) || ga == null || ga[0] != group || ga[1] >= plan.attributes()) {
                    t.unexpected++;
                    t.note("unexpected row " + resource + " " + metric + " at " + ts);
                    continue;
                }
                found.add(metric + "@" + ts);
                double want = plan.values().value(key, ga[1], ts);
                ByteBuffer blob = row.getByteBuffer(2);
                if (!SampleValueCodec.is(valueType, blob)) {
                    // Corrupt data is what a check is for: a value Newts cannot read is a wrong value.
                    t.wrong++;
                    t.note("undecodable value " + resource + " " + metric + " at " + ts + ": "
                            + SampleValueCodec.describe(blob) + ", wanted a " + valueType + " of " + want);
                    continue;
                }
                double got = SampleValueCodec.decode(valueType, blob);
                if (Double.compare(want, got) != 0) {
                    t.wrong++;
                    t.note("wrong value " + resource + " " + metric + " at " + ts + ": " + got + ", wanted " + want);
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (long ts : timestamps) {
            for (int a = 0; a < plan.attributes(); a++) {
                String metric = ResourceNames.metricName(group, a);
                if (!found.contains(metric + "@" + ts)) {
                    t.missing++;
                    if (missing.size() < VerifyReport.LISTED) {
                        missing.add("missing " + resource + " " + metric + " at " + ts);
                    }
                }
            }
        }
        return missing;
    }

    /**
     * The resource's index rows as OpenNMS writes them ({@link IndexRules}): a metric row per
     * metric, an attribute row and a term per metric id and {@code _idx}, and on its interface an
     * attribute row and a term per string attribute of its group and the interface's
     * {@value IndexRules#STRINGS_METRIC} metric.
     */
    private void checkIndex(int key, Tally t) {
        String resource = groupResource(key);
        int group = plan.groupOf(key);
        Set<String> names = metricNames(resource);
        for (int a = 0; a < plan.attributes(); a++) {
            String metric = ResourceNames.metricName(group, a);
            t.index(names.contains(metric), () -> "index row missing: resource_metrics " + resource + " " + metric);
        }
        checkAttributes(resource, IndexRules.groupAttributes(resource, group, plan.attributes()), t);
        if (plan.strings() > 0) {
            int node = plan.nodeOf(key);
            int iface = plan.interfaceOf(key);
            String ifaceId = resourceNames.interfaceResource(new StringBuilder(), node, iface).toString();
            String suffix = IndexRules.variedSuffix(node, iface, group, variationFactor);
            checkAttributes(ifaceId, IndexRules.stringAttributes(group, plan.strings(), suffix), t);
            if (t.interfacesChecked.add(ifaceId)) {
                t.index(metricNames(ifaceId).contains(IndexRules.STRINGS_METRIC),
                        () -> "index row missing: resource_metrics " + ifaceId + " " + IndexRules.STRINGS_METRIC);
            }
        }
    }

    private Set<String> metricNames(String resource) {
        Set<String> names = new HashSet<>();
        session.execute(metrics.bind(NewtsSchema.CONTEXT, resource)).forEach(r -> names.add(r.getString(0)));
        return names;
    }

    /** Each attribute: its resource_attributes row with its value, and its term. */
    private void checkAttributes(String resource, List<IndexRules.Attribute> wanted, Tally t) {
        Map<String, String> held = new HashMap<>();
        session.execute(attributes.bind(NewtsSchema.CONTEXT, resource))
                .forEach(r -> held.put(r.getString(0), r.getString(1)));
        for (IndexRules.Attribute a : wanted) {
            t.index(a.value().equals(held.get(a.key())), () -> "index row missing: resource_attributes " + resource + " "
                    + a.key() + "=" + a.value() + (held.containsKey(a.key()) ? " (holds " + held.get(a.key()) + ")" : ""));
            boolean present = session.execute(this.term.bind(NewtsSchema.CONTEXT, a.key(), a.value(), resource))
                    .one() != null;
            t.index(present, () -> "index row missing: terms " + a.key() + "=" + a.value() + " -> " + resource);
        }
    }

    private String groupResource(int key) {
        return resourceNames.groupResource(new StringBuilder(), plan.nodeOf(key), plan.interfaceOf(key),
                plan.groupOf(key)).toString();
    }

    /** Counts as the check goes, and the first few mismatches word for word. */
    private static final class Tally {
        long expected;
        long read;
        long missing;
        long explained;
        long unexpected;
        long wrong;
        long indexChecked;
        long indexMissing;
        final List<String> first = new ArrayList<>();
        /** An interface's own row is checked once, whichever of its groups is read first. */
        final Set<String> interfacesChecked = new HashSet<>();

        void note(String mismatch) {
            if (first.size() < VerifyReport.LISTED) {
                first.add(mismatch);
            }
        }

        void index(boolean present, Supplier<String> what) {
            indexChecked++;
            if (!present) {
                indexMissing++;
                note(what.get());
            }
        }
    }
}
