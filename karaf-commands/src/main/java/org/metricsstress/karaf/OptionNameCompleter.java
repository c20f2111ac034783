package org.metricsstress.karaf;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.metricsstress.config.OptionDef;

/** Tab completion of option names from the table; the value after an option is the user's to type. */
final class OptionNameCompleter implements Completer {
    private final List<OptionDef> options;
    private final TreeSet<String> names = new TreeSet<>();

    OptionNameCompleter(List<OptionDef> options) {
        this.options = options;
        for (OptionDef d : options) {
            names.addAll(List.of(d.names()));
        }
        names.add("--help");
    }

    /** Every name it completes, for a test that holds the shells' options equal. */
    Set<String> names() {
        return Set.copyOf(names);
    }

    @Override
    public int complete(Session session, CommandLine line, List<String> candidates) {
        int index = line.getCursorArgumentIndex();
        // Word 0 is the command's own name.
        if (index < 1 || expectsValue(line.getArguments()[index - 1])) {
            return -1;
        }
        String word = line.getCursorArgument() == null ? "" : line.getCursorArgument();
        String prefix = word.substring(0, Math.min(line.getArgumentPosition(), word.length()));
        for (String name : names.tailSet(prefix)) {
            if (!name.startsWith(prefix)) {
                break;
            }
            candidates.add(name);
        }
        return candidates.isEmpty() ? -1 : line.getBufferPosition() - line.getArgumentPosition();
    }

    private boolean expectsValue(String previous) {
        for (OptionDef d : options) {
            if (!d.isFlag() && List.of(d.names()).contains(previous)) {
                return true;
            }
        }
        return false;
    }
}
