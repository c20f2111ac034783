package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The last lines of a log that explain a failure, without the stack-frame noise. */
final class LogTail {

    /** Enough for the end of any start-up failure; a runaway log is never read whole. */
    private static final int MAX_BYTES = 64 * 1024;
    private static final String JVM_WARNING = "WARNING: ";

    private LogTail() {
    }

    /**
     * The last {@code count} lines that say something: no blank lines, no stack frames, and no
     * JVM "WARNING: " lines unless the file holds nothing else.
     */
    static List<String> lastRelevantLines(Path file, int count) {
        if (file == null || !Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return relevant(readTail(file), count);
        } catch (IOException e) {
            return List.of();
        }
    }

    static List<String> relevant(String text, int count) {
        List<String> kept = new ArrayList<>();
        List<String> jvmWarnings = new ArrayList<>();
        for (String line : Arrays.asList(text.split("\\R"))) {
            if (!isRelevant(line)) {
                continue;
            }
            String s = line.strip();
            List<String> target = line.startsWith(JVM_WARNING) ? jvmWarnings : kept;
            // Cassandra prints a fatal start-up error twice: in the exception line, then alone.
            if (target.isEmpty() || !target.get(target.size() - 1).contains(s)) {
                target.add(s);
            }
        }
        // Every Cassandra 5.0 start on JDK 17 prints the same SecurityManager deprecation
        // warnings; they explain a failure only when nothing else was printed.
        List<String> source = kept.isEmpty() ? jvmWarnings : kept;
        return List.copyOf(source.subList(Math.max(0, source.size() - count), source.size()));
    }

    /** Whether {@code lines} are only the JVM's own warnings, which explain nothing on their own. */
    static boolean onlyJvmWarnings(List<String> lines) {
        return lines.stream().allMatch(line -> line.startsWith(JVM_WARNING));
    }

    /** Stack frames and "... 12 more" repeat what the exception line already said. */
    private static boolean isRelevant(String line) {
        if (line.isBlank()) {
            return false;
        }
        String s = line.strip();
        return !(Character.isWhitespace(line.charAt(0)) && (s.startsWith("at ") || s.startsWith("...")));
    }

    private static String readTail(Path file) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            int size = (int) Math.min(length, MAX_BYTES);
            byte[] bytes = new byte[size];
            raf.seek(length - size);
            raf.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            // The cut almost always lands mid-line; drop the fragment.
            if (length > size) {
                int nl = text.indexOf('\n');
                text = nl >= 0 ? text.substring(nl + 1) : "";
            }
            return text;
        }
    }
}
