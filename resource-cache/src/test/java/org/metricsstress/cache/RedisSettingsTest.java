package org.metricsstress.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RedisSettingsTest {

    private static RedisSettings of(String uri) {
        return RedisSettings.of(URI.create(uri), "ms:");
    }

    @Test
    void portAndDatabaseDefaultAndTimeoutIsShort() {
        RedisSettings s = of("redis://cache.example");
        assertEquals("cache.example", s.host());
        assertEquals(6379, s.port());
        assertEquals(0, s.database());
        assertFalse(s.tls());
        assertNull(s.effectivePassword());
        assertEquals(RedisSettings.DEFAULT_TIMEOUT, s.timeout());
        assertEquals("redis://cache.example:6379/0", s.where());
    }

    @Test
    void redissMeansTlsAndThePathIsTheDatabase() {
        RedisSettings s = of("rediss://10.0.0.5:6380/7");
        assertTrue(s.tls());
        assertEquals(6380, s.port());
        assertEquals(7, s.database());
        assertEquals("rediss://10.0.0.5:6380/7", s.where());
    }

    @Test
    void userInfoGivesUserAndPasswordUnlessAPasswordIsGiven() {
        RedisSettings acl = of("redis://metrics:pw%40x@h:1");
        assertEquals("metrics", acl.user());
        assertEquals("pw@x", acl.effectivePassword());
        RedisSettings defaultUser = of("redis://:pw@h");
        assertNull(defaultUser.user());
        assertEquals("pw", defaultUser.effectivePassword());
        RedisSettings given = new RedisSettings(URI.create("redis://:uri-pw@h"), "env-pw", 2, "p:", 0, null);
        assertEquals("env-pw", given.effectivePassword());
        assertEquals(RedisSettings.DEFAULT_TIMEOUT, given.timeout());
    }

    @Test
    void printedSettingsNeverCarryThePassword() {
        RedisSettings s = new RedisSettings(URI.create("redis://u:uri-secret@h:1/3"), "env-secret", 2, "p:", 60,
                Duration.ofMillis(500));
        String printed = s.toString();
        assertFalse(printed.contains("secret"), printed);
        assertTrue(printed.contains("redis://h:1/3") && printed.contains("password set"), printed);
    }

    @Test
    void nonsenseIsRefusedWithoutEchoingThePassword() {
        IllegalArgumentException scheme = assertThrows(IllegalArgumentException.class,
                () -> of("http://u:topsecret@h:1"));
        assertFalse(scheme.getMessage().contains("topsecret"), scheme.getMessage());
        IllegalArgumentException db = assertThrows(IllegalArgumentException.class,
                () -> of("redis://:topsecret@h:1/cache"));
        assertFalse(db.getMessage().contains("topsecret"), db.getMessage());
        assertThrows(IllegalArgumentException.class, () -> of("redis:///0"));
        assertThrows(IllegalArgumentException.class,
                () -> new RedisSettings(URI.create("redis://h"), null, 0, "p:", 0, null));
        assertThrows(IllegalArgumentException.class,
                () -> new RedisSettings(URI.create("redis://h"), null, 1, "p:", -1, null));
        assertThrows(IllegalArgumentException.class,
                () -> new RedisSettings(URI.create("redis://h"), null, 1, "p:", 0, Duration.ZERO));
    }
}
