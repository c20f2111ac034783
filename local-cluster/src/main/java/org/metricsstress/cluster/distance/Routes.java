package org.metricsstress.cluster.distance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The delays a cluster's relays apply, now. A relayed connection keeps the route it was opened on
 * (from one DC into another) and asks it for the delay of each chunk, so {@link #set} moves the
 * DCs apart or together while every connection stays open: one cluster can be measured at 0 ms and
 * then at 10 ms, without a restart that would reset the nodes' warm-up and connections.
 */
public final class Routes {
    private final List<String> dcs;
    /** One route per ordered pair of DCs, a DC with itself included (always 0 ms). */
    private final Map<String, Route> routes = new HashMap<>();
    /** Per DC, the route from the farthest DC into it, for a sender that cannot be told apart. */
    private final Map<String, Route> farthestInto = new HashMap<>();
    private volatile LatencyMatrix matrix;

    public Routes(LatencyMatrix matrix) {
        this.dcs = matrix.dcs();
        for (String from : dcs) {
            farthestInto.put(from, new Route(LatencyMatrix.Delay.ZERO));
            for (String to : dcs) {
                routes.put(key(from, to), new Route(LatencyMatrix.Delay.ZERO));
            }
        }
        set(matrix);
    }

    /** The delays as they are now. */
    public LatencyMatrix matrix() {
        return matrix;
    }

    /**
     * From now on the DCs are {@code next} apart: chunks already held keep their due times, later
     * ones take the new delay (never leaving before the chunk ahead of them).
     */
    public synchronized void set(LatencyMatrix next) {
        if (!next.dcs().equals(dcs)) {
            throw new IllegalArgumentException("the relays join " + dcs + ", not " + next.dcs());
        }
        for (String to : dcs) {
            LatencyMatrix.Delay farthest = LatencyMatrix.Delay.ZERO;
            for (String from : dcs) {
                LatencyMatrix.Delay d = next.between(from, to);
                routes.get(key(from, to)).delay = d;
                if (d.micros() + d.jitterMicros() > farthest.micros() + farthest.jitterMicros()) {
                    farthest = d;
                }
            }
            farthestInto.get(to).delay = farthest;
        }
        matrix = next;
    }

    /** The route from {@code from} into {@code to}. */
    public Route between(String from, String to) {
        Route r = routes.get(key(from, to));
        if (r == null) {
            throw new IllegalArgumentException("no route " + from + " -> " + to + " among " + dcs);
        }
        return r;
    }

    /**
     * Into {@code to} from whichever DC is farthest from it now: distance is never made shorter than
     * configured (with two DCs, or where every other DC is as far, that is exact).
     */
    public Route farthestInto(String to) {
        return farthestInto.get(to);
    }

    private static String key(String from, String to) {
        return from + '>' + to;
    }

    /** One direction between two DCs; its delay is read for every chunk that crosses it. */
    public static final class Route {
        private volatile LatencyMatrix.Delay delay;

        private Route(LatencyMatrix.Delay delay) {
            this.delay = delay;
        }

        /** A route that never changes, for a relay of its own (tests). */
        public static Route fixed(LatencyMatrix.Delay delay) {
            return new Route(delay);
        }

        public LatencyMatrix.Delay delay() {
            return delay;
        }
    }
}
