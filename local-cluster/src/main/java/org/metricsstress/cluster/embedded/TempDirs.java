package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.metricsstress.cluster.LocalClusterException;

/** The temporary directories the launcher makes (a node's work directory, a certificate's) and removes. */
final class TempDirs {
    private TempDirs() {
    }

    /** A fresh temporary directory, or a one-line reason there is none. */
    static Path create(String prefix) throws LocalClusterException {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new LocalClusterException("Cannot create a temporary directory for Cassandra ("
                    + e.getMessage() + "); check the space and permissions of " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** Deletes a directory tree, best effort. */
    static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try {
            // walkFileTree does not follow symbolic links, so nothing outside root is touched.
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // Best effort: a leftover temp directory is untidy, not harmful.
        }
    }
}
