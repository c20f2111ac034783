package org.metricsstress.result;

import java.util.List;
import java.util.function.ToLongFunction;

/** The one sum the summaries' own merges share: a count added over instances. */
final class Sums {
    private Sums() {}

    static <T> long sum(List<T> items, ToLongFunction<T> f) {
        return items.stream().mapToLong(f).sum();
    }
}
