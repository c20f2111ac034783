package org.metricsstress.cluster;

import java.util.List;

/**
 * JVM flags every local node gets after its own, child JVM or container alike: a test suite's
 * {@code -XX:TieredStopAtLevel=1} (a node that lives a minute never earns back what C2 costs to
 * compile: a third less CPU over a 40 s cold start here), or a GC of the user's choice.
 */
public final class NodeJvmFlags {
    /** Where they come from, split at white space. */
    public static final String ENV = "METRICS_STRESS_NODE_JVM_FLAGS";

    private NodeJvmFlags() {
    }

    /** {@link #ENV}'s flags; none when it is unset or blank. */
    public static List<String> fromEnvironment() {
        return parse(System.getenv(ENV));
    }

    /** {@code text} split at white space; none for null or blank. */
    public static List<String> parse(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(text.trim().split("\\s+"));
    }
}
