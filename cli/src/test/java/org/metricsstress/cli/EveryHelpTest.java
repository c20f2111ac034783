package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.metricsstress.api.ExitCode;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commands.Commands;

/**
 * {@code --help} of the plain run and of every subcommand the jar has, in a JVM of its own as a user
 * runs it: picocli writes its formatting warnings to the {@code System.err} it saw when it was
 * loaded, so only a fresh JVM shows them. A description with a bare {@code %} ("its 95% interval")
 * made picocli warn and print the text with {@code %n} unreplaced.
 */
class EveryHelpTest {
    /** The marker of each command's help in the child's output. */
    private static final String MARK = "=== help of ";

    /** Run in the child JVM: every command's help in turn, each after its mark, then its exit code. */
    public static void main(String[] commands) {
        for (String command : commands) {
            String[] args = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
            System.out.println(MARK + command);
            int code = new Main(System.out, System.err, Map.of(), false).run(args);
            System.out.println("exit " + code);
        }
    }

    @Test
    void everyCommandsHelpIsPrintedAsWrittenWithoutAWarning() throws Exception {
        List<String> commands = new ArrayList<>();
        commands.add("");
        commands.addAll(CommandTree.root(new StressCommandLine()).subcommands().keySet());
        assertTrue(commands.containsAll(List.of("compare", "find-max", "disk", "bench")), commands.toString());
        assertEquals(Commands.all().size() + 1, commands.size(), commands.toString());

        Ran child = inAFreshJvm(commands);
        assertEquals(0, child.code, child.err);
        assertFalse(child.err.contains("[picocli WARN]"), child.err);
        assertEquals("", child.err);
        for (String command : commands) {
            String help = helpOf(child.out, command);
            assertTrue(help.endsWith("exit " + ExitCode.OK), command + ": " + help);
            assertFalse(help.contains("%n"), command + " shows a literal %n: " + help);
            assertFalse(help.contains("%%"), command + " shows an escaped %: " + help);
            assertTrue(help.contains("Usage: metrics-stress"), command + ": " + help);
        }
        // The text that made picocli warn is printed as written, its % once.
        assertTrue(helpOf(child.out, "compare").contains("with its 95% interval"), helpOf(child.out, "compare"));
    }

    private static String helpOf(String out, String command) {
        int start = out.indexOf(MARK + command + System.lineSeparator());
        assertTrue(start >= 0, "no help of '" + command + "' in: " + out);
        int end = out.indexOf(MARK, start + MARK.length());
        return out.substring(start, end < 0 ? out.length() : end).strip();
    }

    private record Ran(int code, String out, String err) {}

    private static Ran inAFreshJvm(List<String> commands) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), EveryHelpTest.class.getName()));
        line.addAll(commands);
        Process p = new ProcessBuilder(line).start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException e) {
                // the child is gone; what it wrote so far is what the test reads
            }
        });
        drain.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not end");
        drain.join();
        return new Ran(p.exitValue(), out, err.toString(StandardCharsets.UTF_8));
    }
}
