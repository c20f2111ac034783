package org.metricsstress.writer.tss.receiver;

import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * What a read-back expects of a receiver: the metric names (one query each, or more: see
 * {@link ReceiverReadBack}), a regex every series' {@code resourceId} matches (null: any), the
 * resourceIds that carry each name (those that come back missing are reported), each series'
 * sample count and each sample's value, over the run's time range (both ends included).
 */
public record ReadBackPlan(List<String> metricNames, String resourceIdRegex,
        Function<String, Collection<String>> resourceIdsOf, ExpectedCount counts, ExpectedValue values,
        long startMillis, long endMillis) {

    public ReadBackPlan {
        metricNames = List.copyOf(metricNames);
        if (endMillis < startMillis) {
            throw new IllegalArgumentException("the range ends before it starts");
        }
    }

    /** The samples a series should hold in the range; 0 for a series nobody wrote. */
    @FunctionalInterface
    public interface ExpectedCount {
        long count(String resourceId, String name);
    }

    /** The value the series should hold at {@code tsMillis}. */
    @FunctionalInterface
    public interface ExpectedValue {
        double value(String resourceId, String name, long tsMillis);
    }
}
