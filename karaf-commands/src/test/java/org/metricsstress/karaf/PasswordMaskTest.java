package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PasswordMaskTest {
    private final PasswordMask mask = new PasswordMask();

    @Test
    void hidesThePasswordWhateverItsSpelling() {
        assertEquals("metrics:stress --username u --password ***** -n 10",
                mask.filter("metrics:stress --username u --password s3cret -n 10").toString());
        assertEquals("metrics:stress --password=***** -n 10", mask.filter("metrics:stress --password=s3cret -n 10").toString());
        assertEquals("metrics:stress --password ***** -n 1", mask.filter("metrics:stress --password \"two words\" -n 1").toString());
    }

    @Test
    void hidesTheUserInfoOfARedisUri() {
        assertEquals("metrics:stress --cache redis --redis redis://***@cache:6379/2 -n 1",
                mask.filter("metrics:stress --cache redis --redis redis://user:s3cret@cache:6379/2 -n 1").toString());
        assertEquals("metrics:stress --redis=rediss://***@cache",
                mask.filter("metrics:stress --redis=rediss://:s3cret@cache").toString());
    }

    @Test
    void leavesThePasswordFileAloneItIsAPath() {
        assertEquals("metrics:stress --password-file /etc/secret", mask.filter("metrics:stress --password-file /etc/secret").toString());
    }
}
