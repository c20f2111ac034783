package org.metricsstress.commands;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metricsstress.config.Parse;
import org.metricsstress.capacity.FindMax;
import org.metricsstress.capacity.PlanRate;
import org.metricsstress.capacity.StepJudge;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commandline.ToolCommandLine;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine;

/** find-max's options, parsed the way both shells parse a command's. */
class FindMaxCommandTest {
    private static final FindMaxCommand FIND_MAX = new FindMaxCommand();

    private static Invocation parse(String... args) {
        return Words.of(FIND_MAX, args);
    }

    private static FindMax.Settings settings(String... args) {
        Invocation in = parse(args);
        return FindMaxCommand.search(in, in::builder).settings();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--precision 60%                      | --precision: must be between 0.1% and 50%",
        "--precision 0.01%                    | --precision: must be between 0.1% and 50%",
        "--precision 5                        | --precision: must be between 0.1% and 50%",
        "--precision lots                     | --precision: 'lots' is not a share",
        "--growth 1                           | --growth: must be between 1.1 and 10 (each passing step multiplies the rate by it), got 1",
        "--growth 0.5                         | --growth: must be between 1.1 and 10",
        "--growth 1.0001                      | --growth: must be between 1.1 and 10",
        "--growth 11                          | --growth: must be between 1.1 and 10",
        "--growth 1.1                         | find-max: x1.1 from 1,667 to 500,000,000 samples/s, then bisecting to 5%, can try 136 rates; at most 40",
        "--growth 1.5 --precision 0.1%        | find-max: x1.5 from 1,667 to 500,000,000 samples/s, then bisecting to 0.1%, can try 42 rates; at most 40",
        "--growth x                           | --growth: 'x' is not a number",
        "--start-rate 2000 --max-rate 1000    | --max-rate: must be above --start-rate (2,000 samples/s)",
        "--max-rate 1000                      | --max-rate: must be above --start-rate (1,667 samples/s, the plan's own rate)",
        "--max-rate 1e12                      | --max-rate: at most 500,000,000 samples/s for this plan",
        "--start-rate 1e12                    | --start-rate: at most 500,000,000 samples/s for this plan",
        "--step-duration 1s                   | --step-duration: at least 2s",
        "--cold-limit 0s                      | --cold-limit: must be more than 0",
        "--include-cold --no-index            | --include-cold: judges a cold resource cache; there is none with --no-index",
        "--warm-up 30s                        | --warm-up: with indexing the warm-up runs until every resource is indexed",
        "--warm-up soon --no-index            | --warm-up: ",
        "--sla p99<<5                         | --sla: 'p99<<5' is not metric op value",
        "-n 0                                 | --nodes: must be at least 1",
    })
    void aMistakeIsOneLineNamingTheOption(String args, String message) {
        ConfigException e = assertThrows(ConfigException.class, () -> FIND_MAX.check(parse(args.trim().split(" +"))));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void theDefaultsStartAtThePlansRateAndJudgeByTheDefaultCriteria() {
        FindMax.Settings s = settings("-n", "100", "-i", "10");
        PlanRate plan = PlanRate.of(StressConfig.builder().nodes(100).interval(java.time.Duration.ofSeconds(10)).build());
        assertEquals(plan.samplesPerSecond(), s.bounds().startRate());
        assertEquals(plan.highest(), s.bounds().maxRate());
        assertEquals(2, s.bounds().growth());
        assertEquals(0.05, s.bounds().precision(), 1e-12);
        assertEquals(java.time.Duration.ofSeconds(60), s.stepDuration());
        assertEquals(java.time.Duration.ofMinutes(10), s.coldLimit());
        assertEquals(StepJudge.DEFAULT_SLA, s.sla().expression());
        assertTrue(s.indexing());
        assertFalse(s.includeCold());
        assertEquals(8192, s.ringSize());
        assertTrue(s.warmUp().isZero(), "with indexing the index ends the warm-up");
    }

    @Test
    void withoutIndexingTheWarmUpIsAStepLongUnlessGiven() {
        assertEquals(java.time.Duration.ofSeconds(20), settings("--no-index", "--step-duration", "20s").warmUp());
        assertEquals(java.time.Duration.ofSeconds(90), settings("--no-index", "--warm-up", "90s").warmUp());
        assertTrue(settings("--no-index", "--warm-up", "0s").warmUp().isZero(), "0s: no warm-up");
    }

    @Test
    void givenOptionsReachTheSearch() {
        Invocation p = parse("--start-rate", "5000", "--max-rate", "80000", "--growth", "1.5", "--precision", "0.02",
                "--step-duration", "30s", "--cold-limit", "2m", "--sla", "p99<20ms,drops=0", "--ring-size", "1024",
                "--include-cold", "--result-json", "fm.json", "--verbose");
        FindMaxCommand.Search search = FindMaxCommand.search(p, p::builder);
        FindMax.Settings s = search.settings();
        assertEquals(5000, s.bounds().startRate());
        assertEquals(80000, s.bounds().maxRate());
        assertEquals(1.5, s.bounds().growth());
        assertEquals(0.02, s.bounds().precision(), 1e-12);
        assertEquals(java.time.Duration.ofSeconds(30), s.stepDuration());
        assertEquals(java.time.Duration.ofMinutes(2), s.coldLimit());
        assertEquals("p99<20ms,drops=0", s.sla().expression());
        assertEquals(1024, s.ringSize());
        assertTrue(s.includeCold());
        assertEquals(Path.of("fm.json"), search.resultJson());
        assertTrue(search.verbose());
        assertEquals(0.05, Parse.precision("--precision", "5%"), 1e-12);
        assertEquals(0.001, Parse.precision("--precision", "0.1%"), 1e-12);
        assertEquals(0.5, Parse.precision("--precision", "0.5"), 1e-12);
    }

    @Test
    void whatEachStepDecidesIsNotOfferedAndSlaAndResultJsonAreOfferedOnce() {
        List<String> names = FIND_MAX.options().stream().map(OptionDef::longName).toList();
        assertFalse(names.contains("--report"), "an output option");
        for (String decided : FindMaxCommand.DECIDED_BY_FIND_MAX) {
            assertFalse(names.contains(decided), decided);
        }
        // Every name it leaves out is an option of the table: a renamed option would otherwise slip in.
        List<String> table = StressOptions.all().stream().map(OptionDef::longName).toList();
        assertTrue(table.containsAll(FindMaxCommand.DECIDED_BY_FIND_MAX), "not in the table: "
                + FindMaxCommand.DECIDED_BY_FIND_MAX.stream().filter(n -> !table.contains(n)).toList());
        for (String own : List.of("--sla", "--result-json", "--nodes", "--ring-size", "--on-full", "--contact-points",
                "--keyspace", "--cache")) {
            assertEquals(1, names.stream().filter(own::equals).count(), own);
        }
        // Help wraps long descriptions, at times inside a word: compare without white space.
        String help = new CommandLine(ToolCommandLine.spec(FIND_MAX, "find-max", new StressCommandLine(), true))
                .getUsageMessage().replaceAll("\\s+", "");
        assertTrue(help.contains("(default:" + StepJudge.DEFAULT_SLA + ")"), help);
        for (OptionDef d : StressOptions.own(OptionDef.Section.CAPACITY)) {
            assertTrue(help.contains(d.longName()), d.longName());
        }
    }

    @Test
    void anUnreachableClusterIsAClusterExceptionForTheExitCode3() throws Exception {
        String closed = org.metricsstress.cli.ClosedPort.address();
        Invocation p = parse("--contact-points", closed, "--connect-timeout", "5s", "--no-index",
                "--step-duration", "2s");
        assertDoesNotThrow(() -> FIND_MAX.check(p));
        ClusterException e = assertThrows(ClusterException.class, () -> FIND_MAX.run(p));
        assertTrue(e.getMessage().contains(closed), e.getMessage());
    }
}
