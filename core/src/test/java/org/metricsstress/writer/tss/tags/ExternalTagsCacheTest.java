package org.metricsstress.writer.tss.tags;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExternalTagsCacheTest {

    @Test
    void evictsTheLeastRecentlyUsedAndATouchMakesRecent() {
        ExternalTagsCache c = new ExternalTagsCache(3);
        c.put(1);
        c.put(2);
        c.put(3);
        assertTrue(c.touch(1));
        c.put(4); // 2 is now the least recent
        assertFalse(c.contains(2));
        assertArrayEquals(new int[] {4, 1, 3}, c.mostRecentFirst());
        c.put(3); // already there: made recent, nothing evicted
        assertArrayEquals(new int[] {3, 4, 1}, c.mostRecentFirst());
        assertFalse(c.touch(2));
        assertEquals(3, c.size());
    }

    @Test
    void neverHoldsMoreThanItsSizeAndAgreesWithAReferenceLru() {
        int size = 1_000;
        ExternalTagsCache c = new ExternalTagsCache(size);
        // The JDK's access-ordered LinkedHashMap, bounded: the reference LRU.
        Map<Integer, Boolean> reference = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
                return size() > size;
            }
        };
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            // Series numbers spread and clustered alike, negative ones too: the probing and its deletions are hit.
            int series = random.nextBoolean() ? random.nextInt(3_000) : random.nextInt(3_000) * 2048 - 1_000_000;
            if (random.nextInt(3) == 0) {
                assertEquals(reference.get(series) != null, c.touch(series), "touch " + series + " at " + i);
            } else {
                c.put(series);
                reference.put(series, Boolean.TRUE);
            }
            assertTrue(c.size() <= size);
        }
        assertEquals(reference.size(), c.size());
        List<Integer> expected = new ArrayList<>(reference.keySet());
        java.util.Collections.reverse(expected);
        assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), c.mostRecentFirst());
    }

    @Test
    void sizeZeroCachesNothing() {
        ExternalTagsCache c = new ExternalTagsCache(0);
        c.put(7);
        assertFalse(c.touch(7));
        assertEquals(0, c.size());
    }

    @Test
    void sixteenThreadsKeepItConsistent() throws InterruptedException {
        ExternalTagsCache c = new ExternalTagsCache(1_000);
        int threads = 16;
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger hits = new AtomicInteger();
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int seed = t;
            Thread th = new Thread(() -> {
                Random r = new Random(seed);
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 50_000; i++) {
                    int s = r.nextInt(1_500);
                    if (c.touch(s)) {
                        hits.incrementAndGet();
                    } else {
                        c.put(s);
                    }
                }
            });
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join();
        }
        int[] order = c.mostRecentFirst();
        assertEquals(1_000, c.size());
        assertEquals(1_000, order.length);
        assertEquals(1_000, java.util.Arrays.stream(order).distinct().count(), "a series linked twice");
        for (int s : order) {
            assertTrue(c.contains(s), "linked but not in the table: " + s);
        }
        // 1,000 of 1,500 uniformly drawn series cached: about two thirds of the lookups hit.
        double share = hits.get() / (threads * 50_000.0);
        assertTrue(share > 0.55 && share < 0.75, "hit share " + share);
    }
}
