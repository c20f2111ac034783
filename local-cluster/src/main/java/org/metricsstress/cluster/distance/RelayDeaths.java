package org.metricsstress.cluster.distance;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Says when one of a cluster's delay relays dies, to the run going on: the relays outlive runs, so
 * each run asks for the deaths anew. A dead relay refuses connections (see {@link DelayRelay}), so
 * the node behind it is cut off from the other DCs as by a partition nobody planned; the line says
 * so, for the failures that follow are the relay's doing, not the cluster's.
 */
public final class RelayDeaths {
    private final List<DelayRelay> relays;
    /** Where deaths go now; guarded by this. */
    private Consumer<String> sink = line -> { };
    /** The relays whose death {@link #sink} was told; guarded by this. */
    private final Set<DelayRelay> told = new HashSet<>();

    public RelayDeaths(List<DelayRelay> relays) {
        this.relays = List.copyOf(relays);
        this.relays.forEach(r -> r.whenDead(why -> died(r, "")));
    }

    /** From now on deaths go to {@code sink}; relays already dead are told at once. */
    public synchronized void reportTo(Consumer<String> sink) {
        this.sink = sink;
        told.clear();
        for (DelayRelay r : relays) {
            if (r.failure() != null) {
                died(r, " before this run");
            }
        }
    }

    private synchronized void died(DelayRelay r, String when) {
        if (told.add(r)) {
            sink.accept("delay " + r + " died" + when + " (" + r.failure() + "): it refuses connections from then on,"
                    + " cutting " + r.target().getHostString() + " off from the other DCs on that port;"
                    + " what fails through it is the relay's doing, not the cluster's");
        }
    }
}
