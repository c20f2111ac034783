package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.cluster.LocalClusterException;

class CassandraLibTest {

    @TempDir
    Path tmp;

    private static Path libDir(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("cassandra-all-5.0.9.jar"), "");
        Files.writeString(dir.resolve("jamm-0.4.0.jar"), "");
        Files.writeString(dir.resolve("guava-32.0.1-jre.jar"), "");
        return dir;
    }

    private CassandraLib lib(Map<String, String> props, Map<String, String> env, Path codeSource) {
        return new CassandraLib(props::get, env, Optional.ofNullable(codeSource), tmp.resolve("cwd"));
    }

    private CassandraLib nothingSet() {
        return lib(Map.of(), Map.of(), null);
    }

    @Test
    void acceptsAnExplicitDirectoryWithTheServerJars() throws Exception {
        Path dir = libDir(tmp.resolve("lib"));

        assertEquals(dir, nothingSet().find(dir));
        assertEquals(dir.resolve("jamm-0.4.0.jar"), CassandraLib.jammJar(dir));
    }

    @Test
    void explicitDirectoryMissingIsAnErrorNotAFallback() throws Exception {
        libDir(tmp.resolve("cwd/cassandra-runtime/target/cassandra-lib"));   // would be found implicitly

        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> nothingSet().find(tmp.resolve("nope")));

        assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
        assertHelpful(e);
    }

    @Test
    void reportsAMissingCassandraJar() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("lib"));
        Files.writeString(dir.resolve("jamm-0.4.0.jar"), "");

        LocalClusterException e = assertThrows(LocalClusterException.class, () -> nothingSet().find(dir));

        assertTrue(e.getMessage().contains("cassandra-all-*.jar"), e.getMessage());
        assertHelpful(e);
    }

    @Test
    void reportsAMissingJammAgent() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("lib"));
        Files.writeString(dir.resolve("cassandra-all-5.0.9.jar"), "");

        LocalClusterException e = assertThrows(LocalClusterException.class, () -> nothingSet().find(dir));

        assertTrue(e.getMessage().contains("jamm-*.jar"), e.getMessage());
        assertHelpful(e);
    }

    @Test
    void systemPropertyComesBeforeTheEnvironment() throws Exception {
        Path fromProp = libDir(tmp.resolve("prop"));
        Path fromEnv = libDir(tmp.resolve("env"));

        Path found = lib(Map.of(CassandraLib.PROPERTY, fromProp.toString()),
                Map.of(CassandraLib.ENV_VAR, fromEnv.toString()), null).find(null);

        assertEquals(fromProp, found);
    }

    @Test
    void environmentVariableIsUsedAndNamedWhenWrong() throws Exception {
        Path fromEnv = libDir(tmp.resolve("env"));
        assertEquals(fromEnv, lib(Map.of(), Map.of(CassandraLib.ENV_VAR, fromEnv.toString()), null).find(null));

        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> lib(Map.of(), Map.of(CassandraLib.ENV_VAR, tmp.resolve("gone").toString()), null).find(null));
        assertTrue(e.getMessage().startsWith(CassandraLib.ENV_VAR + "="), e.getMessage());
    }

    @Test
    void findsTheDirectoryBesideTheExecutableJar() throws Exception {
        Path target = Files.createDirectories(tmp.resolve("dist/cli/target"));
        Path jar = Files.writeString(target.resolve("metrics-stress.jar"), "");
        Path beside = libDir(target.resolve("cassandra-lib"));

        assertEquals(beside, lib(Map.of(), Map.of(), jar).find(null));
    }

    @Test
    void findsTheDirectoryBesideTheClassesDirectory() throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("repo/cli/target/classes"));
        Path beside = libDir(tmp.resolve("repo/cli/target/cassandra-lib"));

        assertEquals(beside, lib(Map.of(), Map.of(), classes).find(null));
    }

    @Test
    void walksUpToTheCassandraRuntimeModuleOfACheckout() throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("repo/itests/target/test-classes"));
        Path runtime = libDir(tmp.resolve("repo/cassandra-runtime/target/cassandra-lib"));

        assertEquals(runtime, lib(Map.of(), Map.of(), classes).find(null));
    }

    @Test
    void skipsAnIncompleteDirectoryBesideTheJarWhenACheckoutHasTheJars() throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("repo/cli/target/classes"));
        Files.createDirectories(tmp.resolve("repo/cli/target/cassandra-lib"));   // not yet copied
        Path runtime = libDir(tmp.resolve("repo/cassandra-runtime/target/cassandra-lib"));

        assertEquals(runtime, lib(Map.of(), Map.of(), classes).find(null));
    }

    @Test
    void tellsHowToBuildWhenNothingIsFound() throws Exception {
        Path jar = Files.writeString(Files.createDirectories(tmp.resolve("x")).resolve("metrics-stress.jar"), "");

        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> lib(Map.of(), Map.of(), jar).find(null));

        assertTrue(e.getMessage().contains(tmp.resolve("x/cassandra-lib").toString()), "names where it looked: " + e.getMessage());
        assertHelpful(e);
    }

    /** The server zip as the build attaches it: flat, jars only. */
    private static Path serverZip(Path repo, String version) throws IOException {
        Path zip = ServerArchive.zipIn(repo, version);
        Files.createDirectories(zip.getParent());
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            for (String jar : List.of("cassandra-all-5.0.9.jar", "jamm-0.4.0.jar", "guava-32.0.1-jre.jar")) {
                out.putNextEntry(new java.util.zip.ZipEntry(jar));
                out.write(jar.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.closeEntry();
            }
            out.putNextEntry(new java.util.zip.ZipEntry("../escaped.jar"));
            out.closeEntry();
        }
        return zip;
    }

    @Test
    void unpacksThisVersionsServerZipFromTheRepositoryItsOwnJarCameFromOnce() throws Exception {
        // A build that depends on metrics-stress-testing: our jars load from its local repository.
        Path repo = tmp.resolve("m2");
        Path jar = Files.createDirectories(repo.resolve("org/metricsstress/metrics-stress-local-cluster/1.2.0"))
                .resolve("metrics-stress-local-cluster-1.2.0.jar");
        Files.writeString(jar, "");
        assertEquals(repo, ServerArchive.repositoryOf(jar));
        Path zip = serverZip(repo, "1.2.0");
        List<String> said = new ArrayList<>();
        CassandraLib lib = new CassandraLib(Map.of("user.home", tmp.resolve("home").toString())::get,
                Map.of("XDG_CACHE_HOME", tmp.resolve("cache").toString()), Optional.of(jar), tmp.resolve("cwd"), "1.2.0",
                said::add);

        Path dir = lib.find(null);
        assertTrue(dir.startsWith(tmp.resolve("cache/metrics-stress")), dir.toString());
        assertEquals("jamm-0.4.0.jar", CassandraLib.jammJar(dir).getFileName().toString());
        assertFalse(Files.exists(tmp.resolve("cache/metrics-stress/escaped.jar")), "a path in the zip is not followed");
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains(zip.toString()), said.get(0));
        // The second run finds it unpacked and says nothing.
        assertEquals(dir, lib.find(null));
        assertEquals(1, said.size(), said.toString());
    }

    @Test
    void anotherVersionsZipIsNotTakenAndTheMessageNamesTheZipLookedFor() throws Exception {
        Path home = tmp.resolve("home");
        serverZip(home.resolve(".m2/repository"), "1.1.0");
        CassandraLib lib = new CassandraLib(Map.of("user.home", home.toString())::get, Map.of(), Optional.empty(),
                tmp.resolve("cwd"), "1.2.0", line -> { });

        LocalClusterException e = assertThrows(LocalClusterException.class, () -> lib.find(null));
        assertTrue(e.getMessage().contains("metrics-stress-cassandra-runtime-1.2.0-server.zip"), e.getMessage());
        assertHelpful(e);
        // -Dmaven.repo.local is looked in as well.
        Path other = tmp.resolve("other-repo");
        serverZip(other, "1.2.0");
        assertTrue(new CassandraLib(Map.of("user.home", home.toString(), "maven.repo.local", other.toString())::get,
                Map.of(), Optional.empty(), tmp.resolve("cwd"), "1.2.0", line -> { }).find(null)
                .startsWith(home.resolve(".cache/metrics-stress")));
    }

    private static void assertHelpful(LocalClusterException e) {
        String message = e.getMessage();
        assertTrue(message.contains("mvn -B package"), message);
        assertTrue(message.contains(CassandraLib.ENV_VAR), message);
        assertFalse(message.contains("\n"), "message must be one line: " + message);
    }
}
