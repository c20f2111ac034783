package org.metricsstress.capacity;

/**
 * Which rate to try next, given how the steps so far went: the arithmetic of the search alone, no
 * clock and no cluster, so that every path through it can be tested in microseconds.
 *
 * <ol>
 * <li><b>Growth.</b> Start at the start rate; after each pass multiply the rate by the growth
 * factor, never beyond the maximum. A pass at the maximum ends the search: the answer is "at least
 * the maximum". The first failure after a pass brackets the capacity.</li>
 * <li><b>Bisection.</b> The next rate is midway between the highest passing and the lowest failing
 * rate, until {@code (fail - pass) / pass <= precision}. The answer is the highest passing rate; a
 * cluster whose pass or fail does not depend on luck has its capacity in {@code [pass, fail)}, so
 * the answer is within the precision below it.</li>
 * <li><b>Halving.</b> If the very first step fails there is no pass to bisect from. Rather than
 * give up at once (a start rate that is simply too high is the commonest way to get here), the
 * rate is halved, at most {@value #MAX_HALVINGS} times (down to 1/16 of the start); the first pass
 * brackets the capacity and bisection goes on from there. If none passes, the search ends with
 * "no rate passed down to" the last rate tried: a cluster that fails at a sixteenth of the rate
 * asked for needs looking at, not a longer search.</li>
 * </ol>
 *
 * <p>The search assumes that a rate that fails would fail higher up too. A noisy cluster can break
 * that only inside the bracket, where it moves the answer within the noise: the answer is always a
 * rate that passed, with a higher rate that failed (or the maximum) above it.
 */
public final class CapacitySearch {
    /** How often the rate is halved after a failing first step before the search gives up. */
    public static final int MAX_HALVINGS = 4;
    /** The growth factors a search accepts: nearer 1 a search takes days, beyond 10 bisection does all the work. */
    public static final double MIN_GROWTH = 1.1;
    public static final double MAX_GROWTH = 10;
    /**
     * Rates a search may try at most, whatever the cluster does (40 one-minute steps: 40 minutes). A
     * failing rate is run once more to confirm it ({@link FindMax}), so a search runs at most twice as
     * many steps; this bound is on the search's own arithmetic, which takes one verdict per rate.
     */
    public static final int MAX_STEPS = 40;

    /**
     * The most rates a search within {@code b} can try: growth from the start to the maximum,
     * then bisection of a bracket of one growth factor down to the precision; or a failing start,
     * its halvings, then bisection of a bracket of 2.
     */
    public static int maxSteps(Bounds b) {
        // Errs high by a step when the span is within rounding of a power of the growth factor.
        int growth = 1 + (int) Math.ceil(Math.log(b.maxRate() / b.startRate()) / Math.log(b.growth()) + 1e-9);
        int afterGrowth = bisections(b.growth() - 1, b.precision());
        int afterHalving = 1 + MAX_HALVINGS + bisections(1, b.precision());
        return Math.max(growth + afterGrowth, afterHalving);
    }

    /** Bisections that narrow a bracket of relative width {@code width} to {@code precision}. */
    private static int bisections(double width, double precision) {
        return width <= precision ? 0 : (int) Math.ceil(Math.log(width / precision) / Math.log(2) + 1e-9);
    }

    /**
     * What the user asked the search for.
     *
     * @param startRate first rate tried, samples/s
     * @param maxRate   highest rate tried; a pass there ends the search
     * @param growth    factor between growth steps, above 1
     * @param precision bisection stops once {@code (fail - pass) / pass} is at most this (0.05 = 5%)
     */
    public record Bounds(double startRate, double maxRate, double growth, double precision) {
        public Bounds {
            if (!(startRate > 0) || !(maxRate >= startRate) || !(growth > 1) || !(precision > 0)) {
                throw new IllegalArgumentException("bounds: start " + startRate + ", max " + maxRate + ", growth "
                        + growth + ", precision " + precision);
            }
        }
    }

    /** How a finished search ended. */
    public enum Conclusion {
        /** A passing and a failing rate within the precision of each other. */
        FOUND,
        /** Every rate passed, the maximum too: the capacity is at least the maximum. */
        AT_LEAST_MAX_RATE,
        /** The start rate and every halving of it failed. */
        NONE_PASSED
    }

    private final Bounds bounds;
    private Phase phase = Phase.GROWTH;
    private double next;
    private double highestPass = Double.NaN;
    private double lowestFail = Double.NaN;
    private int halvings;
    private Conclusion conclusion;

    public CapacitySearch(Bounds bounds) {
        this.bounds = bounds;
        this.next = bounds.startRate();
    }

    /** Whether the search has its answer; then {@link #conclusion()} says which. */
    public boolean done() {
        return conclusion != null;
    }

    /** The rate the next step is to run at. */
    public double nextRate() {
        requireSearching();
        return next;
    }

    /** Why the next step runs at its rate. */
    public Phase nextPhase() {
        requireSearching();
        return phase;
    }

    /** Records whether the step at {@link #nextRate()} passed, and decides the next rate or the answer. */
    public void record(boolean passed) {
        requireSearching();
        double rate = next;
        // Each phase only ever tries rates above every pass and below every failure so far, so the
        // rate just tried is the new highest pass or lowest failure.
        if (passed) {
            highestPass = rate;
        } else {
            lowestFail = rate;
        }
        switch (phase) {
            case GROWTH -> {
                if (passed && rate >= bounds.maxRate()) {
                    conclusion = Conclusion.AT_LEAST_MAX_RATE;
                } else if (passed) {
                    next = Math.min(rate * bounds.growth(), bounds.maxRate());
                } else if (Double.isNaN(highestPass)) {
                    phase = Phase.HALVING;
                    halve(rate);
                } else {
                    bisectOrConclude();
                }
            }
            case HALVING -> {
                if (passed) {
                    bisectOrConclude();
                } else if (halvings >= MAX_HALVINGS) {
                    conclusion = Conclusion.NONE_PASSED;
                } else {
                    halve(rate);
                }
            }
            default -> bisectOrConclude();
        }
    }

    private void halve(double rate) {
        halvings++;
        next = rate / 2;
    }

    private void bisectOrConclude() {
        if ((lowestFail - highestPass) / highestPass <= bounds.precision()) {
            conclusion = Conclusion.FOUND;
        } else {
            phase = Phase.BISECT;
            next = (highestPass + lowestFail) / 2;
        }
    }

    /** How the search ended; null while it goes on. */
    public Conclusion conclusion() {
        return conclusion;
    }

    /** The highest rate that passed, NaN if none did. */
    public double highestPass() {
        return highestPass;
    }

    /** The lowest rate that failed, NaN if none did. */
    public double lowestFail() {
        return lowestFail;
    }

    private void requireSearching() {
        if (conclusion != null) {
            throw new IllegalStateException("the search has ended: " + conclusion);
        }
    }
}
