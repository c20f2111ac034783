package org.metricsstress.microbench;

/** Pseudo-random but repeatable keys for the benchmarks: a SplitMix64 mix of a counter. */
final class Keys {
    private Keys() {}

    /** The SplitMix64 finalizer: a bijection, so distinct counters always give distinct keys. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
