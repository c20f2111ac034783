package org.metricsstress.capacity;

/** Why a step ran at its rate: the table's phase column and the JSON's {@code phase}. */
public enum Phase {
    /** Fills the resource cache before anything is judged; not judged itself. */
    WARM_UP("warm-up"),
    /** The start rate, then that times --growth after each pass, up to --max-rate. */
    GROWTH("growth"),
    /** The very first step failed: half the last failing rate, to find any rate that passes. */
    HALVING("halving"),
    /** Midway between the highest passing and the lowest failing rate. */
    BISECT("bisect"),
    /** The step before failed: its rate once more, so that one noisy step cannot turn the search down. */
    CONFIRM("confirm");

    private final String label;

    Phase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
