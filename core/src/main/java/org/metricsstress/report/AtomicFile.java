package org.metricsstress.report;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file whole or not at all: into a temporary file beside it, then moved over it. A reader
 * (a browser refreshing, a CI artefact upload, a script polling the result) never sees half a file.
 */
final class AtomicFile {
    /** What goes into the file, written to the path it is given. */
    interface Content {
        void writeTo(Path file) throws IOException;
    }

    private AtomicFile() {}

    static void write(Path file, Content content) throws IOException {
        Path target = file.toAbsolutePath();
        Path parent = target.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // A name of its own per write, so two writers of the same file never share a temporary one.
        Path tmp = target.resolveSibling(target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + ".tmp");
        try {
            content.writeTo(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
