package org.metricsstress.writer.tss.tags;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.metricsstress.failure.ClusterException;

class StoreAddressTest {

    @Test
    void libpqFormBecomesAJdbcUrlAndAUser() {
        StoreAddress a = StoreAddress.parse("postgresql://opennms@db.example:5433/opennms");
        assertEquals("jdbc:postgresql://db.example:5433/opennms", a.jdbcUrl());
        assertEquals("opennms", a.user());
        assertEquals("db.example:5433", a.hostPort());
        assertEquals("127.0.0.1:5432", StoreAddress.parse("postgresql://u@127.0.0.1/x").hostPort());
        assertEquals("jdbc:postgresql://h:5432/postgres", StoreAddress.parse("postgres://u@h").jdbcUrl());
    }

    @Test
    void aJdbcUrlIsTakenAsGiven() {
        String url = "jdbc:postgresql://10.0.0.5:6432/opennms?user=opennms&ssl=true";
        StoreAddress a = StoreAddress.parse(url);
        assertEquals(url, a.jdbcUrl());
        assertNull(a.user());
        assertEquals("10.0.0.5:6432", a.hostPort());
    }

    @Test
    void aPasswordInTheUrlIsRefusedWithoutEchoingIt() {
        for (String url : new String[] {"postgresql://u:s3cret@h/db", "jdbc:postgresql://h/db?user=u&password=s3cret"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StoreAddress.parse(url));
            assertTrue(e.getMessage().contains(StoreAddress.PASSWORD_VARIABLE), e.getMessage());
            assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> StoreAddress.parse("mysql://u@h/db"));
    }

    @Test
    void aStoreThatNothingAnswersForIsOneLineNamingItsAddress() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        int closedPort = port;
        ClusterException e = assertThrows(ClusterException.class,
                () -> PostgresKeyValueStore.open("postgresql://opennms@127.0.0.1:" + closedPort + "/opennms", null));
        assertEquals("--tss-external-tags-store: nothing answers at 127.0.0.1:" + closedPort, e.getMessage());
    }
}
