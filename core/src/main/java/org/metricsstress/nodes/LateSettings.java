package org.metricsstress.nodes;

import com.datastax.oss.driver.api.core.metadata.Node;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A node's settings that missed the watch's start (its answer later than the start's bound, on a
 * loaded machine): asked again at each reading until they come, then handed to the node's series.
 * Without them the node's verdict lines lack its {@code concurrent_writes} and the like, so a late
 * answer is worth the wait; it never holds a reading up.
 */
final class LateSettings {
    private final SystemViews views;
    private final Node node;
    private final NodeSeries series;
    /** What the start said of them, withdrawn once they are read. */
    private final String note;
    private volatile CompletableFuture<Map<String, String>> asked;

    LateSettings(SystemViews views, Node node, NodeSeries series, CompletableFuture<Map<String, String>> asked,
            String note) {
        this.views = views;
        this.node = node;
        this.series = series;
        this.asked = asked;
        this.note = note;
    }

    /** The start's note that they were not read. */
    String note() {
        return note;
    }

    boolean read() {
        return asked == null;
    }

    /** At a reading: takes them if they have come, asks again if the last ask failed; never waits. */
    void poll() {
        CompletableFuture<Map<String, String>> pending = asked;
        if (pending == null || !pending.isDone()) {
            return;
        }
        // getNow would throw the failure: a failed ask is asked again.
        Map<String, String> settings = pending.isCompletedExceptionally() ? null : pending.getNow(null);
        if (settings == null) {
            asked = views.settings(node).toCompletableFuture();
            return;
        }
        series.settings(settings);
        asked = null;
    }

    /** At the run's end: waits for them until {@code deadline} (System.nanoTime), then polls once. */
    void awaitUntil(long deadline) {
        CompletableFuture<Map<String, String>> pending = asked;
        if (pending == null) {
            return;
        }
        try {
            pending.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (ExecutionException | TimeoutException e) {
            // still missing: the start's note stands
        }
        poll();
    }
}
