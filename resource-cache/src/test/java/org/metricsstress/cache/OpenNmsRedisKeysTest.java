package org.metricsstress.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OpenNmsRedisKeysTest {
    @Test
    void openNmsKeyspaceKeepsOpenNmsKeysAndEveryOtherKeyspaceHasItsOwn() {
        assertEquals("", OpenNmsRedisCache.keyPrefix("newts"), "what OpenNMS writes");
        assertEquals("ks2:", OpenNmsRedisCache.keyPrefix("ks2"));
    }
}
