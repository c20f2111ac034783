package org.metricsstress.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Settings away from their defaults that the chosen writer model does not use, said at the start
 * of the run rather than silently ignored. Warnings, not refusals: bench and find-max run one
 * user's options through both writer models. A setting given at its default changes nothing either
 * way, so it is not told apart from one left alone.
 */
final class IgnoredOptions {
    private IgnoredOptions() {}

    static List<String> warnings(StressConfig c) {
        List<String> out = new ArrayList<>();
        boolean opennms = c.pipeline().opennms();
        TreeSet<String> unused = new TreeSet<>();
        if (opennms) {
            changed(unused, c, "--max-in-flight", x -> x.pipeline().maxInFlight());
            changed(unused, c, "--batch-commits", x -> x.pipeline().batchCommits());
            changed(unused, c, "--index-max-in-flight", x -> x.index().indexMaxInFlight());
            if (c.index().redisNearCache() != (int) Math.min(Integer.MAX_VALUE, Math.max(0, c.index().cacheMaxEntries()))) {
                unused.add("--redis-near-cache");
            }
        } else {
            changed(unused, c, "--max-batch-size", x -> x.pipeline().maxBatchSize());
            changed(unused, c, "--priming-block", x -> x.index().primingBlock());
        }
        if (!unused.isEmpty()) {
            out.add("warning: " + String.join(", ", unused) + (unused.size() > 1 ? " apply" : " applies")
                    + " to --writer " + (opennms ? "pipelined" : "opennms") + " only: ignored with --writer "
                    + (opennms ? "opennms" : "pipelined"));
        }
        String cl = c.cluster().writeConsistency();
        if (opennms && !"ANY".equals(cl) && !"LOCAL_ONE".equals(cl)) {
            out.add("warning: --write-cl " + cl + " with --writer opennms sets the terms rows' level only: samples "
                    + "and the other index rows go in batches at the driver's default, LOCAL_ONE, as OpenNMS sends "
                    + "them (a lost DC fails none of them); --writer pipelined writes everything at " + cl);
        }
        return out;
    }

    private static void changed(TreeSet<String> unused, StressConfig c, String option, Function<StressConfig, Object> get) {
        if (!Objects.equals(StressOptions.byName(option).defaultValue(), get.apply(c))) {
            unused.add(option);
        }
    }
}
