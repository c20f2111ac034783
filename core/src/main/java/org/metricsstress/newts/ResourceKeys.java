package org.metricsstress.newts;

/**
 * 64-bit keys and fingerprints for the resource cache.
 *
 * <p>A resource is cached under a 64-bit hash of its context and id instead of the id itself:
 * 8 bytes instead of ~40 characters per entry. With 2 million resources the chance that two of
 * them share a key is about 1 in 10 million (n^2 / 2^65); such a pair would make one of them look
 * indexed when it is not, which the row counts in the tests would show.
 *
 * <p>Fingerprints of a set of names are order-independent (XOR of mixed hashes), so the value
 * the writer computes from the plan and the value the primer computes from rows read back in any
 * order agree.
 */
public final class ResourceKeys {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private ResourceKeys() {}

    /** The cache key of a resource: never {@code 0}. */
    public static long key(String context, CharSequence resource) {
        return key(context, resource, resource.length());
    }

    /** The key of the resource whose id is {@code resource[0..length)}: no substring needed. */
    public static long key(String context, CharSequence resource, int length) {
        long h = FNV_OFFSET;
        for (int i = 0; i < context.length(); i++) {
            h = (h ^ context.charAt(i)) * FNV_PRIME;
        }
        h = (h ^ 0xFFFF) * FNV_PRIME; // separator that no id character produces
        for (int i = 0; i < length; i++) {
            h = (h ^ resource.charAt(i)) * FNV_PRIME;
        }
        long k = mix(h);
        return k == 0 ? 1 : k;
    }

    /** Hash of one name (a metric, or an attribute's key=value), for fingerprints. */
    public static long nameHash(CharSequence name) {
        long h = FNV_OFFSET;
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * FNV_PRIME;
        }
        return mix(h);
    }

    /** Folds a set of name hashes into a 32-bit fingerprint; never 0 for a non-empty set. */
    public static int fingerprint32(long xorOfNameHashes) {
        int f = (int) (mix(xorOfNameHashes) >>> 32);
        return f == 0 ? 1 : f;
    }

    /** A group resource's cache value: its metrics fingerprint and its strings fingerprint. */
    public static long groupValue(int metricsFingerprint, int stringsFingerprint) {
        return ((long) metricsFingerprint << 32) | (stringsFingerprint & 0xFFFF_FFFFL);
    }

    public static int metricsPart(long value) {
        return (int) (value >>> 32);
    }

    public static int stringsPart(long value) {
        return (int) value;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
