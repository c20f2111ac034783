package org.metricsstress.plan;

import org.metricsstress.config.ValueModel;

/**
 * The value of every sample as a pure function of (seed, resource, metric, timestamp) under the
 * run's {@link ValueModel}, so that any sample read back from the database can be checked without
 * keeping a copy of what was sent. One instance per run; {@link #value} costs a few multiplications
 * and allocates nothing (the generator calls it once per sample).
 *
 * <ul>
 *   <li>{@code opennms}: {@code group * attribute + ordinal % 100}, GAUGE, as OpenNMS's
 *       {@code metrics:stress} computes it with its shared counter. The ordinal here is
 *       {@code seed - 1 + resourceKey * attributes + attribute + 1}: the sample's position in the
 *       pass as OpenNMS's single generator loop (node, interface, group, attribute) numbers it, so
 *       with the default seed 1 and one thread a pass holds exactly OpenNMS's values. It differs
 *       from OpenNMS's counter in two ways: OpenNMS's counter goes on from pass to pass (adding
 *       {@code n*f*g*a} per pass, which modulo 100 is nothing whenever that is a multiple of 100, the
 *       usual shapes, {@code -g 5 -a 10} with {@code n*f} even, but shifts every value otherwise), and
 *       with {@code -t} above 1 its threads take from the one counter in whatever order they run, so
 *       which value a sample gets is not reproducible there. Here every pass repeats the first.
 *   <li>{@code random}: hashed doubles in [0, 1000), GAUGE: the four inputs folded with a SplitMix64
 *       finaliser, whose avalanche makes neighbouring resources and timestamps look unrelated.
 *   <li>{@code counter}: an interface's octet counter, COUNTER: {@code offset + rate * timestamp / 1000}
 *       (integer seconds' worth, milliseconds kept) with a per-series rate of 1,000 to 999,999 bytes/s
 *       and an offset below 2^32, both hashed from (seed, resource, metric). Monotonic in time; below
 *       2^53 until the year 2255, so the double the ring carries holds it exactly.
 * </ul>
 */
public final class SampleValues {
    private static final double SCALE = 1000.0 * 0x1.0p-53;
    private static final long RANDOM_SALT = 0x9E3779B97F4A7C15L;
    private static final long COUNTER_SALT = 0xC2B2AE3D27D4EB4FL;
    private static final long MIN_RATE = 1_000;
    private static final long RATE_SPAN = 999_000;

    private final ValueModel model;
    // The seed's own mix, once per run rather than once per sample.
    private final long randomSeedHash;
    private final long counterSeedHash;
    private final long seed;
    private final int groups;
    private final int attributes;

    private SampleValues(ValueModel model, long seed, int groups, int attributes) {
        this.model = model;
        this.randomSeedHash = mix(seed ^ RANDOM_SALT);
        this.counterSeedHash = mix(seed ^ COUNTER_SALT);
        this.seed = seed;
        this.groups = groups;
        this.attributes = attributes;
    }

    /** The values of a plan of {@code groups} groups of {@code attributes} metrics each. */
    public static SampleValues of(ValueModel model, long seed, int groups, int attributes) {
        return new SampleValues(model, seed, groups, attributes);
    }

    public ValueModel model() {
        return model;
    }

    /** Sample {@code metric} of group resource {@code resourceKey} at {@code timestampMillis}. */
    public double value(int resourceKey, int metric, long timestampMillis) {
        return switch (model) {
            case OPENNMS -> opennms(seed, resourceKey % groups, attributes, resourceKey, metric);
            case RANDOM -> randomFromSeedHash(randomSeedHash, resourceKey, metric, timestampMillis);
            case COUNTER -> counterFromSeedHash(counterSeedHash, resourceKey, metric, timestampMillis);
        };
    }

    /** OpenNMS's {@code groupId * attributeId + counter % 100}, the counter as this class's comment says. */
    public static double opennms(long seed, int group, int attributes, int resourceKey, int metric) {
        long ordinal = seed + (long) resourceKey * attributes + metric;
        return group * metric + Math.floorMod(ordinal, 100);
    }

    public static double random(long seed, int resourceKey, int metric, long timestampMillis) {
        return randomFromSeedHash(mix(seed ^ RANDOM_SALT), resourceKey, metric, timestampMillis);
    }

    private static double randomFromSeedHash(long seedHash, int resourceKey, int metric, long timestampMillis) {
        long h = mix(seedHash ^ resourceKey);
        h = mix(h ^ ((long) metric << 32));
        h = mix(h ^ timestampMillis);
        return (h >>> 11) * SCALE;
    }

    public static double counter(long seed, int resourceKey, int metric, long timestampMillis) {
        return counterFromSeedHash(mix(seed ^ COUNTER_SALT), resourceKey, metric, timestampMillis);
    }

    private static double counterFromSeedHash(long seedHash, int resourceKey, int metric, long timestampMillis) {
        long h = mix(seedHash ^ resourceKey ^ ((long) metric << 32));
        long rate = MIN_RATE + (h >>> 1) % RATE_SPAN;
        long offset = h >>> 32;
        return offset + rate * timestampMillis / 1000;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
