package org.metricsstress.itests;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;

/** A slow Redis made on purpose: {@code DEBUG SLEEP 0.05} in a loop, so Redis is asleep most of the time. */
final class RedisSleeper {
    private RedisSleeper() {}

    /** Keeps {@code redis} asleep 50 ms at a time until {@code asleep} is cleared; counts the sleeps in {@code sleeps}. */
    static Thread start(TestRedis redis, AtomicBoolean asleep, AtomicLong sleeps) {
        Thread t = new Thread(() -> {
            // Redis 6 (embedded-redis's binary) takes DEBUG without enable-debug-command.
            ProtocolCommand debug = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);
            try (Jedis j = new Jedis(redis.uri())) {
                while (asleep.get()) {
                    j.sendCommand(debug, "SLEEP", "0.05");
                    sleeps.incrementAndGet();
                }
            }
        }, "redis-asleep");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
