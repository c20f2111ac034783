package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The Cassandra server's jars as the Maven artifact {@code org.metricsstress:metrics-stress-cassandra-runtime:zip:server},
 * which the {@code metrics-stress-testing} artifact depends on: a build that depends on it has Maven
 * put the zip in its local repository, never on its classpath (the server's Netty, Guava and logging
 * would clash with the driver's). Found there and unpacked once into a cache folder, for the child JVMs.
 */
final class ServerArchive {
    static final String GROUP_PATH = "org/metricsstress";
    static final String ARTIFACT = "metrics-stress-cassandra-runtime";
    static final String CLASSIFIER = "server";

    private ServerArchive() {}

    /**
     * Local Maven repositories to look in, in this order: the one this code was loaded from (a jar at
     * {@code REPO/org/metricsstress/ARTIFACT/VERSION/}), {@code -Dmaven.repo.local}, {@code ~/.m2/repository}.
     */
    static List<Path> repositories(Optional<Path> codeSource, Function<String, String> props) {
        List<Path> repos = new ArrayList<>();
        codeSource.map(ServerArchive::repositoryOf).ifPresent(repos::add);
        String local = props.apply("maven.repo.local");
        if (local != null && !local.isBlank()) {
            repos.add(Path.of(local.trim()));
        }
        String home = props.apply("user.home");
        if (home != null && !home.isBlank()) {
            repos.add(Path.of(home, ".m2", "repository"));
        }
        return repos;
    }

    /** The repository root a jar of ours was loaded from, or null when it was not loaded from one. */
    static Path repositoryOf(Path jar) {
        Path p = jar.toAbsolutePath().normalize();
        Path version = p.getParent();
        Path artifact = version == null ? null : version.getParent();
        if (artifact == null || !p.getFileName().toString().startsWith(artifact.getFileName() + "-")
                || !p.getFileName().toString().endsWith(".jar")) {
            return null;
        }
        Path group = artifact.getParent();
        Path root = group == null || group.getParent() == null ? null : group.getParent().getParent();
        return root != null && group.endsWith(Path.of(GROUP_PATH)) ? root : null;
    }

    /** Where {@code version}'s zip sits in {@code repo}. */
    static Path zipIn(Path repo, String version) {
        return repo.resolve(GROUP_PATH).resolve(ARTIFACT).resolve(version)
                .resolve(ARTIFACT + "-" + version + "-" + CLASSIFIER + ".zip");
    }

    /** The cache folder: {@code $XDG_CACHE_HOME/metrics-stress}, else {@code ~/.cache/metrics-stress}. */
    static Path cacheRoot(Map<String, String> env, Function<String, String> props) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg.trim()) : Path.of(props.apply("user.home"), ".cache");
        return base.resolve("metrics-stress");
    }

    /**
     * The zip's jars in a folder of the cache named after the zip's version, size and time (a snapshot
     * installed again is unpacked again), unpacked on first use into a folder of its own and moved into
     * place whole, so a run that dies half-way or a second one at the same time never sees half the jars.
     */
    static Path unpacked(Path zip, String version, Path cacheRoot, Consumer<String> say) throws IOException {
        String key = String.format(Locale.ROOT, "%s-%x", version,
                Files.size(zip) * 31 + Files.getLastModifiedTime(zip).toMillis());
        Path dir = cacheRoot.resolve("cassandra-lib-" + key);
        if (Files.isDirectory(dir) && CassandraLib.problem(dir) == null) {
            return dir;
        }
        Files.createDirectories(cacheRoot);
        Path partial = Files.createTempDirectory(cacheRoot, "cassandra-lib-partial-");
        long bytes = 0;
        try (ZipFile z = new ZipFile(zip.toFile())) {
            Enumeration<? extends ZipEntry> entries = z.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                String name = e.getName();
                // The zip is flat, jars only: anything else (a path, "..") is not ours to write.
                if (e.isDirectory() || name.contains("/") || name.contains("\\") || !name.endsWith(".jar")) {
                    continue;
                }
                try (InputStream in = z.getInputStream(e)) {
                    bytes += Files.copy(in, partial.resolve(name));
                }
            }
        }
        try {
            Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
            deleteTree(partial);
            // Another run unpacked the same zip first (or left an incomplete folder): use it if whole.
            if (CassandraLib.problem(dir) != null) {
                throw new IOException(dir + " is incomplete: " + CassandraLib.problem(dir) + "; delete it and retry");
            }
            return dir;
        }
        say.accept(String.format(Locale.ROOT, "unpacked the Cassandra server's jars (%d MB) from the local Maven "
                + "repository's %s into %s, once", bytes >> 20, zip, dir));
        return dir;
    }

    private static void deleteTree(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a partial folder left in the cache is skipped next time (its name is not a key)
        }
    }
}
