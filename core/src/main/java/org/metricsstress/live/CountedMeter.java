package org.metricsstress.live;

import com.codahale.metrics.Meter;
import java.util.function.LongSupplier;

/**
 * A Dropwizard meter whose count is a count this tool already keeps: where OpenNMS marks a meter,
 * the run increments its own counter, and this meter catches up with it when read and at every
 * report interval. Nothing is added to the hot path; the moving averages tick from the catch-ups,
 * so they are as fine-grained as the report interval (OpenNMS's tick is 5 s, the default -r).
 */
final class CountedMeter extends Meter {
    private final LongSupplier count;
    private long seen;

    CountedMeter(LongSupplier count) {
        this.count = count;
    }

    /** Marks what the source counted since the last catch-up. */
    synchronized void catchUp() {
        long now = count.getAsLong();
        if (now > seen) {
            super.mark(now - seen);
            seen = now;
        }
    }

    @Override
    public long getCount() {
        catchUp();
        return super.getCount();
    }

    @Override
    public double getMeanRate() {
        catchUp();
        return super.getMeanRate();
    }

    @Override
    public double getOneMinuteRate() {
        catchUp();
        return super.getOneMinuteRate();
    }

    @Override
    public double getFiveMinuteRate() {
        catchUp();
        return super.getFiveMinuteRate();
    }

    @Override
    public double getFifteenMinuteRate() {
        catchUp();
        return super.getFifteenMinuteRate();
    }
}
