package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;

class AdminSettingsTest {

    private static StressConfig config(Map<String, String> file, List<String> typed, Map<String, String> env) {
        return new AdminSettings(() -> file).withTyped(typed, env).builder().build();
    }

    @Test
    void theFileSetsWhatIsNotTypedAndTypedOptionsWin() {
        Map<String, String> file = Map.of("contact-points", "db1:9042,db2:9043", "keyspace", "metrics", "nodes", "50");
        StressConfig c = config(file, List.of("-n", "10", "--duration", "5s"), Map.of());
        assertEquals(List.of(new ContactPoint("db1", 9042), new ContactPoint("db2", 9043)), c.cluster().contactPoints());
        assertEquals("metrics", c.schema().keyspace());
        assertEquals(10, c.plan().nodes());
    }

    @Test
    void bookkeepingKeysAndEmptyValuesAreNotSettings() {
        AdminSettings settings = new AdminSettings(() -> Map.of(
                "service.pid", "org.metricsstress",
                "felix.fileinstall.filename", "file:/opt/karaf/etc/org.metricsstress.cfg",
                "local-dc", "  ",
                "keyspace", " newts2 "));
        assertEquals(Map.of("keyspace", "newts2"), settings.current());
        assertEquals("newts2", settings.withTyped(List.of(), Map.of()).builder().build().schema().keyspace());
    }

    @Test
    void anUnknownKeyIsRefusedNamingTheFile() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> config(Map.of("contact-point", "db1:9042"), List.of(), Map.of()));
        assertEquals("etc/org.metricsstress.cfg: unknown key 'contact-point' (keys are the long option names without"
                + " the dashes, e.g. contact-points)", e.getMessage());
    }

    @Test
    void aBadValueInTheFileSaysItCameFromTheFile() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> config(Map.of("nodes", "many"), List.of(), Map.of()));
        assertTrue(e.getMessage().startsWith("etc/org.metricsstress.cfg: --nodes"), e.getMessage());
        // Typed over, the bad setting is not even read.
        assertEquals(3, config(Map.of("nodes", "many"), List.of("-n", "3"), Map.of()).plan().nodes());
    }

    @Test
    void flagsAreTrueOrFalse() {
        assertTrue(config(Map.of("burst", "true"), List.of(), Map.of()).pacing().burst());
        assertFalse(config(Map.of("burst", "false"), List.of(), Map.of()).pacing().burst());
        ConfigException e = assertThrows(ConfigException.class, () -> config(Map.of("burst", "yes"), List.of(), Map.of()));
        assertEquals("etc/org.metricsstress.cfg: burst = 'yes': a flag is true or false", e.getMessage());
    }

    @Test
    void aTypedPasswordFileOverridesTheFilesPasswordAndTheFileOverridesTheEnvironment(@TempDir Path dir)
            throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "from-file-option\n");
        Map<String, String> file = Map.of("username", "stress", "password", "from-settings");
        Map<String, String> env = Map.of(StressOptions.PASSWORD_ENV, "from-env");
        assertEquals("from-settings", config(file, List.of(), env).cluster().password());
        assertEquals("from-file-option", config(file, List.of("--password-file", secret.toString()), env).cluster().password());
        assertEquals("from-env", config(Map.of("username", "stress"), List.of(), env).cluster().password());
    }

    @Test
    void typedMistakesAreReportedAsTyped() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> config(Map.of("keyspace", "k"), List.of("--bogus"), Map.of()));
        assertEquals("Unknown option: '--bogus'", e.getMessage());
    }
}
