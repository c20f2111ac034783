package org.metricsstress.cluster.tsdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a machine without the receiver's binary is told, before anything starts. */
class LocalTsdbTest {

    @Test
    void aMissingBinaryIsOneLineNamingDebiansPackage(@TempDir Path empty) throws Exception {
        // A file of that name that is not executable is not the binary either.
        Files.writeString(empty.resolve("victoria-metrics"), "not a binary");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true);
        LocalTsdbException prom = assertThrows(LocalTsdbException.class,
                () -> LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, out, List.of(empty)));
        assertEquals("--embedded-tsdb prometheus: no prometheus binary on this machine: install Debian's prometheus package",
                prom.getMessage());
        LocalTsdbException vm = assertThrows(LocalTsdbException.class,
                () -> LocalTsdb.start(LocalTsdb.Kind.VICTORIAMETRICS, out, List.of(empty)));
        assertEquals("--embedded-tsdb victoria-metrics: no victoria-metrics binary on this machine: install Debian's"
                + " victoria-metrics package", vm.getMessage());
        assertEquals("", printed.toString());
    }

    @Test
    void aReceiverThatExitsIsOneLineWithItsLogsEnd(@TempDir Path dir) throws Exception {
        // A stand-in that says why and exits, as a receiver does on a bad flag or a locked directory.
        Path fake = dir.resolve("prometheus");
        Files.writeString(fake, "#!/bin/sh\necho 'err=\"opening storage failed: lock DB directory\"'\nexit 1\n");
        fake.toFile().setExecutable(true);
        LocalTsdbException e = assertThrows(LocalTsdbException.class,
                () -> LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, new PrintStream(new ByteArrayOutputStream()), List.of(dir)));
        assertEquals("--embedded-tsdb prometheus: " + fake + " did not start: it exited with 1; its log ends:"
                + " err=\"opening storage failed: lock DB directory\"", e.getMessage());
    }
}
