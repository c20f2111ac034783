package org.metricsstress.itests.karaf;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.PortPicker;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;
import redis.embedded.RedisServer;

/**
 * {@code metrics:stress} in a real Karaf 4.4, installed the way docs/karaf.md says
 * ({@code feature:repo-add} of this build's features, {@code feature:install metrics-stress}),
 * typed over Karaf's SSH shell, against a real Cassandra node. The cluster's address reaches the
 * command through {@code etc/org.metricsstress.cfg}, as an administrator would set it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KarafStressIT {
    private static final Duration COMMAND = Duration.ofSeconds(120);
    /** -n 10 -f 2 -g 5 -a 10 every second: 1,000 samples/s. */
    private static final String SMALL_PLAN = "-n 10 -f 2 -g 5 -a 10 -i 1 -r 1";
    private static final Pattern REPORT_LINE = Pattern.compile("(?m)^\\s+\\d+s\\s+(\\d+s|-)\\s+[\\d,.]+");
    /** The first evidence line under the verdict: the writer's workers and how busy they were. */
    private static final Pattern EVIDENCE = Pattern.compile("(?m)^  evidence    workers: \\d+, busy \\d+%");
    private static final Pattern WRITTEN = Pattern.compile("samples\\s+generated ([\\d,]+), written ([\\d,]+)");
    private static final Pattern BALANCED = Pattern.compile("(?m)^audit .* : BALANCED$");
    /**
     * Names our threads carry: the engine's, the driver's (after its session name), the Redis cache
     * writer, and the reporters' (Dropwizard's CSV reporter, the JDK HTTP server behind Prometheus).
     */
    private static final Pattern OUR_THREAD =
            Pattern.compile("metrics-stress|redis-cache-writer|csv-reporter|HTTP-Dispatcher|commons-pool-evictor");
    private static final Pattern STACK_TRACE = Pattern.compile("(?m)^\\s+at \\S+\\(|^Caused by: ");

    private EmbeddedCassandra cassandra;
    private KarafServer karaf;
    private KarafShell shell;

    @BeforeAll
    void startCassandraAndKarafAndInstallTheFeature() throws Exception {
        long t0 = System.nanoTime();
        // Both take seconds, mostly waiting: boot them side by side.
        CompletableFuture<EmbeddedCassandra> node = CompletableFuture.supplyAsync(KarafStressIT::startCassandra);
        try {
            karaf = KarafServer.start(Path.of(System.getProperty("metrics-stress.karaf.home")),
                    Path.of(System.getProperty("metrics-stress.karaf.bundle-repository")));
            System.out.printf("Karaf up in %.1f s (ssh 127.0.0.1:%d)%n", seconds(t0), karaf.sshPort());
            shell = KarafShell.on(karaf.sshPort());
            String version = System.getProperty("metrics-stress.version");
            expectSuccess("feature:repo-add mvn:org.metricsstress/metrics-stress-features/" + version + "/xml/features");
            expectSuccess("feature:install metrics-stress");
            System.out.printf("feature installed after %.1f s%n", seconds(t0));
        } finally {
            cassandra = node.join();
        }
        karaf.settings(Map.of(
                "contact-points", cassandra.cqlAddress().getHostString() + ":" + cassandra.cqlAddress().getPort(),
                "local-dc", cassandra.datacenter(),
                "writer-threads", "4"));
        // File Install applies an edited etc/*.cfg within a second or so; --help shows what the command sees.
        awaitOutput("metrics:stress --help", "contact-points = " + cassandra.cqlAddress().getHostString());
        System.out.printf("ready after %.1f s%n", seconds(t0));
    }

    @AfterAll
    void stopEverything() {
        try {
            if (shell != null) {
                shell.close();
            }
        } finally {
            try {
                if (karaf != null) {
                    karaf.close();
                }
            } finally {
                if (cassandra != null) {
                    cassandra.close();
                }
            }
        }
    }

    @Test
    void theFeatureInstallsOurBundlesAndTheyAreActive() throws IOException {
        String bundles = expectSuccess("bundle:list -s");
        for (String name : List.of("org.metricsstress.core", "org.metricsstress.resource-cache",
                "org.metricsstress.karaf-commands", "com.datastax.oss.driver.core")) {
            assertTrue(bundles.lines().anyMatch(l -> l.contains(name) && l.contains("Active")),
                    name + " is not active:\n" + bundles);
        }
        // The version and the commit the bundles were built from, as the jar's --version says them.
        String version = expectSuccess("metrics:stress --version").strip();
        assertTrue(version.matches("metrics-stress " + java.util.regex.Pattern.quote(
                System.getProperty("metrics-stress.version")) + " \\(commit [0-9a-f]{12}\\)"), version);
    }

    @Test
    void helpListsEveryOptionOfTheTableWithItsDefault() throws IOException {
        // The option list wraps long descriptions: compare with white space folded.
        String help = expectSuccess("metrics:stress --help").replaceAll("\\s+", " ");
        assertAll(StressOptions.all().stream().map(d -> () -> {
            assertTrue(help.contains(names(d)), d.longName() + " missing from --help:\n" + help);
            if (d.defaultShown() != null) {
                assertTrue(help.contains("(default: " + d.defaultShown() + ")"), d.longName() + "'s default missing");
            }
        }));
        assertTrue(help.contains("org.metricsstress.cfg"), "help names the settings file");

        // Printed like any Karaf command's output, so the shell's pipes see it.
        String piped = expectSuccess("metrics:stress --help | grep twcs");
        assertTrue(piped.contains("--twcs-window") && !piped.contains("--nodes"), piped);
    }

    @Test
    void aShortRunPrintsReportsWritesEverySampleAndItsAuditBalances() throws IOException {
        KarafShell.Result r = shell.exec("metrics:stress " + SMALL_PLAN + " --duration 4s --keyspace karaf_run", COMMAND);
        System.out.println(r.output());
        assertEquals(0, r.status(), r.output());
        assertTrue(r.output().contains("connected to cluster"), r.output());
        assertTrue(REPORT_LINE.matcher(r.output()).results().count() >= 3, "report lines every second:\n" + r.output());
        assertTrue(BALANCED.matcher(r.output()).find(), r.output());
        long written = written(r.output());
        assertTrue(written > 0, r.output());
        assertEquals(written, rows("karaf_run"), "rows in Cassandra = samples the summary counts as written");
        // The same verdict as the jar's, with the evidence it read (docs/diagnosis.md).
        assertTrue(r.output().contains("\nverdict       ") && EVIDENCE.matcher(r.output()).find(),
                "the verdict and its evidence:\n" + r.output());
        assertNoThreadOfOursLeft(Duration.ZERO);
    }

    @Test
    void lz4CompressionWorksInsideKarafAndTheBytesOnTheWireAreReported() throws IOException {
        // The driver finds LZ4 by its package name: the feature must wire the (wrapped) lz4-java bundle to it.
        KarafShell.Result r = shell.exec("metrics:stress " + SMALL_PLAN + " --duration 2s --compression lz4"
                + " --keyspace karaf_lz4", COMMAND);
        System.out.println(r.output());
        assertEquals(0, r.status(), r.output());
        assertTrue(BALANCED.matcher(r.output()).find(), r.output());
        assertTrue(r.output().contains("network       "), "bytes sent and received:\n" + r.output());
        assertEquals(written(r.output()), rows("karaf_lz4"));
    }

    @Test
    void aRunThatFailsItsSlaFailsTheCommandAsTheJarExitsOne() throws IOException {
        // written/target can never reach 2: the criteria fail whatever the machine's speed.
        KarafShell.Result r = shell.exec("metrics:stress " + SMALL_PLAN + " --duration 2s --keyspace karaf_sla"
                + " --sla \"rate>=2\"", COMMAND); // quoted: Karaf's shell takes a bare > for a redirection
        assertNotEquals(0, r.status(), r.output());
        assertTrue(BALANCED.matcher(r.output()).find(), "the run completed and printed its summary:\n" + r.output());
        List<String> lines = r.output().strip().lines().toList();
        assertTrue(lines.get(lines.size() - 1).startsWith("metrics:stress: SLA failed: rate is "), r.output());
        assertFalse(STACK_TRACE.matcher(r.output()).find(), r.output());
    }

    /** metrics:size reads files and does arithmetic: the jar's answer, in OpenNMS's shell. */
    @Test
    void sizeAnswersInTheShellAndWritesItsPage(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("size.html");
        KarafShell.Result r = shell.exec("metrics:size --target 50000 --points 1:12000,2:22000 --report-html " + html,
                COMMAND);
        assertEquals(0, r.status(), r.output());
        assertTrue(r.output().contains("answer        6 nodes per DC, bound by throughput"), r.output());
        assertTrue(Files.readString(html).contains("6 nodes per DC"), "the page written by the Karaf bundle");

        KarafShell.Result bad = shell.exec("metrics:size --target 0 --points 1:100", COMMAND);
        assertNotEquals(0, bad.status());
        assertEquals(1, bad.output().strip().lines().count(), bad.output());
        assertTrue(bad.output().startsWith("metrics:size: --target"), bad.output());
        assertFalse(STACK_TRACE.matcher(bad.output()).find(), bad.output());
    }

    /** Every subcommand of the jar is a command of OpenNMS's shell, wired to the bundles it needs. */
    @Test
    void everyCommandOfTheJarIsInTheShell() throws IOException {
        for (String name : List.of("schema", "report", "judge", "compare", "merge", "verify", "disk", "bench",
                "find-max", "tune", "size", "predict")) {
            KarafShell.Result help = shell.exec("metrics:" + name + " --help", COMMAND);
            assertEquals(0, help.status(), help.output());
            assertTrue(help.output().startsWith("Usage: metrics:" + name + " [options]"), help.output());
        }
        KarafShell.Result schema = shell.exec("metrics:schema --keyspace karaf_schema", COMMAND);
        assertEquals(0, schema.status(), schema.output());
        assertTrue(schema.output().contains("CREATE KEYSPACE IF NOT EXISTS karaf_schema"), schema.output());

        KarafShell.Result local = shell.exec("metrics:tune --embedded", COMMAND);
        assertNotEquals(0, local.status());
        assertEquals(1, local.output().strip().lines().count(), local.output());
        assertTrue(local.output().startsWith("metrics:tune: --embedded: starts Cassandra as child processes"),
                local.output());
    }

    @Test
    void badOptionsPrintOneErrorLineAndNoStackTrace() throws IOException {
        KarafShell.Result unknown = shell.exec("metrics:stress -n 10 --no-such-option", COMMAND);
        assertNotEquals(0, unknown.status());
        assertEquals("metrics:stress: Unknown option: '--no-such-option' (see metrics:stress --help)",
                unknown.output().strip());

        KarafShell.Result badValue = shell.exec("metrics:stress --nodes ten", COMMAND);
        assertNotEquals(0, badValue.status());
        assertEquals(1, badValue.output().strip().lines().count(), badValue.output());
        assertTrue(badValue.output().startsWith("metrics:stress: --nodes"), badValue.output());

        // Nothing listens on port 1: the cluster error is one line too, after the plan line.
        KarafShell.Result noCluster = shell.exec(
                "metrics:stress -n 1 --contact-points 127.0.0.1:1 --connect-timeout 5s --duration 1s", COMMAND);
        assertNotEquals(0, noCluster.status());
        List<String> lines = noCluster.output().strip().lines().toList();
        assertEquals("metrics:stress: nothing answers at 127.0.0.1:1: give --contact-points",
                lines.get(lines.size() - 1), noCluster.output());
        for (KarafShell.Result r : List.of(unknown, badValue, noCluster)) {
            assertFalse(STACK_TRACE.matcher(r.output()).find(), "no stack trace:\n" + r.output());
        }
        assertNoThreadOfOursLeft(Duration.ZERO);
    }

    @Test
    void ctrlCEndsARunWhichDrainsAndReportsAndASecondRunMeanwhileIsRefused() throws IOException {
        try (KarafShell.Terminal terminal = shell.terminal()) {
            terminal.awaitScreen(Pattern.compile("karaf@root\\(\\)>"), Duration.ofSeconds(30));
            terminal.type("metrics:stress " + SMALL_PLAN + " --keyspace karaf_ctrlc\r");
            terminal.awaitScreen(REPORT_LINE, Duration.ofSeconds(60));

            KarafShell.Result second = shell.exec("metrics:stress -n 1 --duration 1s --keyspace karaf_second", COMMAND);
            assertNotEquals(0, second.status());
            assertTrue(second.output().strip().startsWith("metrics:stress: a run is already in progress"), second.output());

            // Karaf gives the prompt back at once; the command thread, interrupted, drains and then
            // prints the summary into the same terminal.
            terminal.ctrlC();
            // The drain may take its whole bound (--drain-timeout, a request timeout, the summary),
            // longer on the busy CPU this suite shares with itests: 60 s has run out, and with the
            // nodes' side read beside every run of the suites 150 s ran out twice in a clean-clone
            // run (alone, with two busy loops beside it, it took 60 s).
            String screen = terminal.awaitScreen(BALANCED, Duration.ofSeconds(300));
            System.out.println(screen);
            // The summary is printed before the driver session closes; then nothing may be left.
            assertNoThreadOfOursLeft(Duration.ofSeconds(20));
            assertEquals(written(screen), rows("karaf_ctrlc"));
        }
    }

    /**
     * Ctrl-C in a tune: its round of 10 minutes ends early (the outcome within the drain's bound
     * proves it) and no round follows; the thread that runs the rounds is not interrupted, so the
     * terminal shows the tune's table and gives the prompt back.
     */
    @Test
    void ctrlCEndsATunesRoundEarlyAndNoRoundFollows() throws IOException {
        try (KarafShell.Terminal terminal = shell.terminal()) {
            terminal.awaitScreen(Pattern.compile("karaf@root\\(\\)>"), Duration.ofSeconds(30));
            // --verbose: the round's own report lines and summary, so the stop comes while it generates.
            terminal.type("metrics:tune " + SMALL_PLAN + " --duration 600s --keyspace karaf_tune_ctrlc --verbose\r");
            terminal.awaitScreen(REPORT_LINE, Duration.ofSeconds(60));
            terminal.ctrlC();
            String screen = terminal.awaitScreen(Pattern.compile("(?m)^outcome\\s+\\S"), Duration.ofSeconds(300));
            System.out.println(screen);
            assertTrue(BALANCED.matcher(screen).find(), "the round drained and printed its summary:\n" + screen);
            assertFalse(screen.contains("tune round 2 of"), "no round after the stop:\n" + screen);
            assertNoThreadOfOursLeft(Duration.ofSeconds(20));
        }
    }

    @Test
    void aRunWithTheRedisCacheAndEveryLiveOutputLeavesNothingBehind(@TempDir Path outputs) throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int redisPort = PortPicker.freePort(loopback);
        int prometheusPort = PortPicker.freePort(loopback);
        RedisServer redis = RedisServer.newRedisServer().bind("127.0.0.1").port(redisPort)
                .setting("save \"\"").setting("appendonly no").build();
        redis.start();
        try {
            KarafShell.Result r = shell.exec("metrics:stress " + SMALL_PLAN + " --duration 3s --keyspace karaf_redis"
                    + " --cache redis --redis redis://127.0.0.1:" + redisPort
                    + " --jmx --prometheus-port " + prometheusPort + " --csv-dir " + outputs.resolve("csv")
                    + " --hdr-log " + outputs.resolve("run.hlog") + " --result-json " + outputs.resolve("result.json"),
                    COMMAND);
            System.out.println(r.output());
            assertEquals(0, r.status(), r.output());
            assertTrue(r.output().contains("resource cache: redis"), r.output());
            assertTrue(r.output().contains("JMX: metrics in domain 'metrics-stress'"), r.output());
            assertTrue(r.output().contains("Prometheus metrics on http://127.0.0.1:" + prometheusPort), r.output());
            assertTrue(BALANCED.matcher(r.output()).find(), r.output());
            assertTrue(Files.size(outputs.resolve("result.json")) > 0 && Files.size(outputs.resolve("run.hlog")) > 0);

            assertNoThreadOfOursLeft(Duration.ZERO);
            assertTrue(PortPicker.isFree(loopback, prometheusPort), "the Prometheus endpoint is closed");
            assertEquals(Set.of(), karafMBeans("metrics-stress:*"), "the JMX reporter's MBeans are unregistered");
        } finally {
            redis.stop();
        }
    }

    /**
     * The TSS path inside Karaf: the feature wires what it needs at run time (the JDK's HTTP client,
     * snappy, the PostgreSQL driver its external-tags store may use) and the run writes to a real
     * Prometheus, started here as an operator's receiver would be; Karaf cannot start one itself.
     */
    @Test
    void aTssRunWritesToARealPrometheusAndItsAuditBalances() throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            KarafShell.Result r = shell.exec("metrics:stress --writer tss --tss-write-url " + prometheus.writeUrl()
                    + " -n 5 -i 5s --duration 5s", COMMAND);
            System.out.println(r.output());
            assertEquals(0, r.status(), r.output());
            assertTrue(BALANCED.matcher(r.output()).find(), r.output());
            assertTrue(written(r.output()) > 0, r.output());
            assertTrue(r.output().contains("\nverdict       "), "the verdict line:\n" + r.output());
            assertFalse(STACK_TRACE.matcher(r.output()).find(), r.output());
        }
        KarafShell.Result local = shell.exec("metrics:stress --writer tss --embedded-tsdb prometheus", COMMAND);
        assertNotEquals(0, local.status());
        assertEquals(1, local.output().strip().lines().count(), local.output());
        assertTrue(local.output().startsWith("metrics:stress: --embedded-tsdb: starts a remote-write receiver"),
                local.output());
        assertNoThreadOfOursLeft(Duration.ZERO);
    }

    private Set<ObjectName> karafMBeans(String pattern) throws IOException, MalformedObjectNameException {
        Map<String, Object> login = Map.of(JMXConnector.CREDENTIALS, new String[] {"karaf", "karaf"});
        try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(karaf.jmxUrl()), login)) {
            return jmx.getMBeanServerConnection().queryNames(new ObjectName(pattern), null);
        }
    }

    /**
     * No thread by our names, and no thread running our code or the driver's, as {@code shell:threads}
     * sees them. {@code settle}: how long a run that is still finishing may take to get there.
     */
    private void assertNoThreadOfOursLeft(Duration settle) throws IOException {
        long deadline = System.nanoTime() + settle.toNanos();
        while (true) {
            String names = expectSuccess("shell:threads --list --no-format");
            String stacks = expectSuccess("shell:threads");
            List<String> ours = names.lines().filter(l -> OUR_THREAD.matcher(l).find()).toList();
            boolean runningOurCode = stacks.contains("at org.metricsstress.") || stacks.contains("at com.datastax.oss.driver.");
            if (ours.isEmpty() && !runningOurCode) {
                return;
            }
            if (System.nanoTime() >= deadline) {
                assertTrue(ours.isEmpty(), "threads of ours still running:\n" + String.join("\n", ours));
                assertFalse(runningOurCode, "a thread still runs our code or the driver's:\n" + stacks);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }

    private String expectSuccess(String command) throws IOException {
        KarafShell.Result r = shell.exec(command, COMMAND);
        assertEquals(0, r.status(), command + " failed:\n" + r.output());
        return r.output();
    }

    private void awaitOutput(String command, String expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = shell.exec(command, COMMAND).output();
            if (last.contains(expected)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("'" + command + "' never printed '" + expected + "':\n" + last);
    }

    private long rows(String keyspace) {
        try (CqlSession s = CqlSession.builder().addContactPoint(cassandra.cqlAddress())
                .withLocalDatacenter(cassandra.datacenter()).build()) {
            return s.execute(SimpleStatement.newInstance("SELECT COUNT(*) FROM " + keyspace + ".samples")
                    .setTimeout(Duration.ofSeconds(60))).one().getLong(0);
        }
    }

    private static long written(String output) {
        Matcher m = WRITTEN.matcher(output);
        assertTrue(m.find(), "no samples line in:\n" + output);
        return Long.parseLong(m.group(2).replace(",", ""));
    }

    private static String names(OptionDef d) {
        return d.shortName() == null ? d.longName() : d.shortName() + ", " + d.longName();
    }

    private static EmbeddedCassandra startCassandra() {
        try {
            return EmbeddedCassandra.builder().output(System.out::println).start();
        } catch (LocalClusterException e) {
            throw new IllegalStateException("could not start the test Cassandra node: " + e.getMessage(), e);
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
