package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RetryQueueTest {
    @Test
    void givesCommitsBackInOrderAcrossGrowthAndWrapping() {
        RetryQueue q = new RetryQueue(5000);
        int next = 0;
        int expected = 0;
        // Interleaved offers and removals, so the tail wraps before the arrays grow.
        for (int round = 0; round < 10; round++) {
            for (int k = 0; k < 300; k++, next++) {
                assertTrue(q.offer(next, 1000L * next));
            }
            for (int k = 0; k < 100; k++, expected++) {
                assertEquals(expected, q.peekResource());
                assertEquals(1000L * expected, q.peekTimestamp());
                q.remove();
            }
        }
        assertEquals(2000, q.size());
        while (!q.isEmpty()) {
            assertEquals(expected, q.peekResource());
            assertEquals(1000L * expected++, q.peekTimestamp());
            q.remove();
        }
        assertEquals(next, expected);
    }

    @Test
    void refusesPastItsBound() {
        RetryQueue q = new RetryQueue(3);
        assertTrue(q.offer(1, 1));
        assertTrue(q.offer(2, 2));
        assertTrue(q.offer(3, 3));
        assertFalse(q.offer(4, 4), "full: the resource waits for its next sample");
        q.remove();
        assertTrue(q.offer(4, 4));
        assertEquals(2, q.peekResource());
    }
}
