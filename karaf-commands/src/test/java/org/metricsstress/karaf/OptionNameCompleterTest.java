package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.karaf.shell.api.console.CommandLine;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressOptions;

class OptionNameCompleterTest {
    private final OptionNameCompleter completer = new OptionNameCompleter(StressOptions.all());

    /** The line as Karaf splits it, the cursor at the end of the last word. */
    private static CommandLine line(String... words) {
        String buffer = String.join(" ", words);
        String last = words[words.length - 1];
        return new CommandLine() {
            public int getCursorArgumentIndex() { return words.length - 1; }
            public String getCursorArgument() { return last; }
            public int getArgumentPosition() { return last.length(); }
            public String[] getArguments() { return words; }
            public int getBufferPosition() { return buffer.length(); }
            public String getBuffer() { return buffer; }
        };
    }

    private List<String> complete(String... words) {
        List<String> candidates = new ArrayList<>();
        completer.complete(null, line(words), candidates);
        return candidates;
    }

    @Test
    void completesOptionNamesFromTheTable() {
        assertEquals(List.of("--redis", "--redis-near-cache", "--redis-pool", "--redis-truststore", "--redis-truststore-password-file"),
                complete("metrics:stress", "-n", "10", "--redis"));
        assertEquals(List.of("--write-cl", "--writer", "--writer-threads"), complete("metrics:stress", "--writ"));
    }

    @Test
    void leavesTheValueOfAnOptionToTheUser() {
        assertEquals(List.of(), complete("metrics:stress", "--keyspace", ""));
        assertEquals(List.of(), complete("metrics:stress", "-n", "1"));
    }
}
