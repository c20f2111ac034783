package org.metricsstress.itests.karaf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Edits a Karaf {@code etc/*.cfg} or {@code *.properties} file the way an administrator would: key by key. */
final class ConfigFile {
    private ConfigFile() {}

    /** Sets each key: its active line is replaced, or the key is appended. Comments stay as they are. */
    static void set(Path file, Map<String, String> values) throws IOException {
        List<String> lines = Files.exists(file)
                ? new ArrayList<>(Files.readAllLines(file, StandardCharsets.ISO_8859_1))
                : new ArrayList<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            Pattern active = Pattern.compile("^\\s*" + Pattern.quote(e.getKey()) + "\\s*[=:].*");
            String line = e.getKey() + " = " + e.getValue();
            boolean replaced = false;
            for (int i = 0; i < lines.size(); i++) {
                if (active.matcher(lines.get(i)).matches()) {
                    lines.set(i, line);
                    replaced = true;
                }
            }
            if (!replaced) {
                lines.add(line);
            }
        }
        Files.write(file, lines, StandardCharsets.ISO_8859_1);
    }
}
