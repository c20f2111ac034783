package org.metricsstress.writer.tss.tags;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A key-value store in a map, for the decisions' tests: its puts land at once, and it counts reads. */
final class InMemoryStore implements KeyValueStore {
    final Map<String, String> records = new ConcurrentHashMap<>();
    final AtomicInteger gets = new AtomicInteger();
    final AtomicInteger puts = new AtomicInteger();
    final List<String> keysRead = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public String get(String context, CharSequence key) {
        gets.incrementAndGet();
        keysRead.add(key.toString());
        return records.get(context + "|" + key);
    }

    @Override
    public void putAsync(String context, CharSequence key, String json) {
        puts.incrementAndGet();
        records.put(context + "|" + key, json);
    }

    @Override
    public List<String> preload(String context, int limit) {
        return records.keySet().stream().filter(k -> k.startsWith(context + "|"))
                .map(k -> k.substring(context.length() + 1)).sorted().limit(limit).toList();
    }

    @Override
    public long putsFailed() {
        return 0;
    }

    @Override
    public void close() {
    }
}
