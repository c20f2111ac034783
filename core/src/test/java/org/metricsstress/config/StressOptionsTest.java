package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StressOptionsTest {

    private static StressConfig parse(String... pairs) {
        StressConfig.Builder b = StressConfig.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            StressOptions.byName(pairs[i]).apply(b, pairs[i + 1]);
        }
        return b.build();
    }

    private static String error(String... pairs) {
        return assertThrows(ConfigException.class, () -> parse(pairs)).getMessage();
    }

    @Test
    void defaultsAreThoseOfTheOpenNmsCommand() {
        StressConfig c = StressConfig.builder().build();
        assertEquals(1000, c.plan().nodes());
        assertEquals(10, c.plan().interfaces());
        assertEquals(5, c.plan().groups());
        assertEquals(10, c.plan().attributes());
        assertEquals(2, c.plan().strings());
        assertEquals(Duration.ofSeconds(300), c.pacing().interval());
        assertEquals(Duration.ofSeconds(30), c.outputs().reportInterval());
        assertEquals(1, c.pacing().threads());
        assertEquals(0, c.plan().stringVariationFactor());
        assertFalse(c.pacing().burst());
        assertEquals(8192, c.pipeline().ringSize());
        assertEquals(16, c.pipeline().writerThreads());
        assertEquals(OnFull.DROP, c.pipeline().onFull());
        // OpenNMS's writer and its defaults: write_consistency ANY, cache.max_entries 8,192, batches of 16,
        // node-at-a-time pacing, a Redis pool of up to 4 x writer_threads.
        assertEquals(Writer.OPENNMS, c.pipeline().writer());
        assertEquals(Pacing.NODES, c.pacing().mode());
        assertEquals("ANY", c.cluster().writeConsistency());
        assertEquals(8_192, c.index().cacheMaxEntries());
        assertEquals(16, c.pipeline().maxBatchSize());
        assertEquals(64, c.index().redisPool());
        assertEquals(31_540_000L, c.schema().ttl().getSeconds());
        assertEquals("newts", c.schema().keyspace());
        assertTrue(c.untilStopped());
        assertNull(c.schema().replication());
    }

    @Test
    void thePipelinedWritersDefaultsAreItsOwnAndGivenValuesWinForBoth() {
        StressConfig p = StressConfig.builder().writer(Writer.PIPELINED).build();
        assertEquals("LOCAL_ONE", p.cluster().writeConsistency());
        assertEquals(2_000_000, p.index().cacheMaxEntries());
        assertEquals(16, p.index().redisPool());
        StressConfig given = StressConfig.builder().writeConsistency("local_quorum").cacheMaxEntries(2_000_000).build();
        assertEquals("LOCAL_QUORUM", given.cluster().writeConsistency());
        assertEquals(2_000_000, given.index().cacheMaxEntries());
        ConfigException e = assertThrows(ConfigException.class, () -> StressConfig.builder().groups(40).build());
        assertTrue(e.getMessage().startsWith("--writer opennms: its cache model holds at most 31 groups"), e.getMessage());
        assertEquals(40, StressConfig.builder().groups(40).writer(Writer.PIPELINED).build().plan().groups());
    }

    @Test
    void theOpenNmsWriterPrimesItsGuavaCacheByDefaultAsCurrentOpenNms() {
        assertTrue(StressConfig.builder().build().index().primeCache());
        assertEquals(Duration.ofMinutes(2), StressConfig.builder().build().index().primingBlock());
        assertFalse(parse("--no-prime-cache", "true").index().primeCache(), "the field's release: cold");
        assertFalse(parse("--cache", "redis").index().primeCache(), "OpenNMS primes its Guava cache only");
        assertFalse(parse("--no-index", "true").index().primeCache());
        assertFalse(parse("--sink", "null").index().primeCache());
        assertFalse(parse("--writer", "pipelined").index().primeCache(), "this tool's writer primes when asked");
        assertTrue(parse("--writer", "pipelined", "--prime-cache", "true").index().primeCache());
    }

    @Test
    void everyOptionHasOneLongNameAndShortNamesMatchOpenNms() {
        assertEquals(StressOptions.all().size(),
                StressOptions.all().stream().map(OptionDef::longName).distinct().count());
        Map<String, String> openNms = Map.of("-b", "--burst", "-i", "--interval", "-n", "--nodes", "-f", "--interfaces",
                "-g", "--groups", "-a", "--attributes", "-s", "--strings", "-r", "--report", "-t", "--threads",
                "-z", "--string-variation-factor");
        openNms.forEach((s, l) -> assertEquals(l, StressOptions.byName(s).longName(), s));
    }

    @Test
    void everyNameOfTheTableIsDefinedOnce() {
        List<String> names = new java.util.ArrayList<>();
        for (OptionDef d : StressOptions.table()) {
            names.addAll(List.of(d.names()));
        }
        assertEquals(names.size(), names.stream().distinct().count(),
                "defined twice: " + names.stream().filter(n -> java.util.Collections.frequency(names, n) > 1).toList());
    }

    @Test
    void aRunsOptionsSetTheConfigurationAndTheFrontEndsOwnAreTheirs() {
        java.util.Set<OptionDef.Section> frontEnds = java.util.EnumSet.of(OptionDef.Section.LOCAL_CLUSTER,
                OptionDef.Section.BENCH, OptionDef.Section.CAPACITY, OptionDef.Section.VERIFY, OptionDef.Section.RESULTS);
        for (OptionDef d : StressOptions.table()) {
            boolean run = StressOptions.all().contains(d);
            assertEquals(run, d.configures(), d.longName());
            if (run) {
                assertFalse(frontEnds.contains(d.section()), d.longName() + " is a run's option in " + d.section());
            }
        }
        for (OptionDef.Section s : frontEnds) {
            assertTrue(StressOptions.all().stream().noneMatch(d -> d.section() == s), s.toString());
            assertFalse(StressOptions.own(s).isEmpty(), s.toString());
        }
        // The OpenNMS flags in their sections: -r is where figures go, not part of the plan.
        assertEquals(OptionDef.Section.OUTPUT, StressOptions.byName("-r").section());
        assertEquals(OptionDef.Section.PACING, StressOptions.byName("-i").section());
        assertEquals(OptionDef.Section.PLAN, StressOptions.byName("-n").section());
        assertEquals(OptionDef.Section.JUDGING, StressOptions.byName("--sla").section());
    }

    @Test
    void theCommandsDefaultsAreOptionsOfTheTableAndParse() {
        for (Map<String, String> defaults : List.of(StressOptions.BENCH_DEFAULTS, StressOptions.SMOKE_DEFAULTS,
                StressOptions.FIND_MAX_DEFAULTS, StressOptions.SCHEMA_DEFAULTS)) {
            assertFalse(defaults.isEmpty());
            defaults.forEach((name, value) -> {
                OptionDef d = StressOptions.byName(name);
                assertEquals(name, d.longName(), "by its long name: " + name);
                d.parse(value); // a default that does not parse fails here, not in a user's run
            });
        }
        // A command's default is shown in place of the table's, and only there.
        OptionDef nodes = StressOptions.withDefaults(List.of(StressOptions.byName("-n")),
                StressOptions.BENCH_DEFAULTS).get(0);
        assertEquals("2000", nodes.defaultShown());
        assertEquals("1000", StressOptions.byName("-n").defaultShown());
        assertEquals("--nodes 20 --interfaces 2 --warmup-samples 20000 --phase 3s --cold-limit 60s",
                StressOptions.typed(StressOptions.SMOKE_DEFAULTS));
        assertTrue(StressOptions.byName("--index-max-in-flight").help()
                .contains("from " + IndexSection.INDEX_BUDGET_START + ","));
    }

    @Test
    void openNmsFieldExampleParses() {
        StressConfig c = parse("-r", "60", "-n", "15000", "-f", "20", "-g", "5", "-a", "10", "-s", "1", "-t", "200",
                "-i", "300");
        assertEquals(15000, c.plan().nodes());
        assertEquals(200, c.pacing().threads());
        assertEquals(Duration.ofMinutes(1), c.outputs().reportInterval());
        assertEquals(Duration.ofMinutes(5), c.pacing().interval());
    }

    @ParameterizedTest
    @CsvSource({"90s,90000", "10m,600000", "1h,3600000", "500ms,500", "7d,604800000", "300,300000"})
    void durationsReadUnitsAndBareSeconds(String text, long millis) {
        assertEquals(millis, Parse.duration("--duration", text).toMillis());
    }

    @Test
    void valuesAndResourceIdsDefaultToOpenNmsAndParseTheirWords() {
        StressConfig defaults = parse();
        assertEquals(ValueModel.OPENNMS, defaults.plan().values());
        assertEquals(ResourceIds.NODE, defaults.plan().resourceIds());
        StressConfig c = parse("--values", "counter", "--resource-ids", "foreign-source");
        assertEquals(ValueModel.COUNTER, c.plan().values());
        assertEquals(ResourceIds.FOREIGN_SOURCE, c.plan().resourceIds());
        assertEquals(ResourceIds.FOREIGN_SOURCE, parse("--resource-ids", "FOREIGN_SOURCE").plan().resourceIds());
    }

    @Test
    void badValuesGiveOneLineNamingTheOption() {
        assertEquals("--nodes: 'ten' is not a whole number", error("--nodes", "ten"));
        assertEquals("--nodes: must be at least 1, got 0", error("--nodes", "0"));
        assertEquals("--interfaces: must be at least 1, got -3", error("-f", "-3"));
        assertTrue(error("--ring-size", "1000").startsWith("--ring-size: must be a power of two"));
        assertTrue(error("--duration", "ten minutes").startsWith("--duration: 'ten minutes' is not a duration"));
        assertTrue(error("--on-full", "wait").contains("not one of drop, block"));
        assertEquals("--values: 'gauge' is not one of opennms, random, counter", error("--values", "gauge"));
        assertEquals("--resource-ids: 'fs' is not one of node, foreign-source", error("--resource-ids", "fs"));
        assertTrue(error("--write-cl", "MOST").startsWith("--write-cl: 'MOST' is not one of"));
        assertTrue(error("--keyspace", "1abc").startsWith("--keyspace:"));
        assertTrue(error("--interval", "0").startsWith("--interval: must be at least 1s"));
        assertTrue(error("--rate-factor", "0").startsWith("--rate-factor: must be a number above 0"));
        assertTrue(error("--ttl", "30y").startsWith("--ttl:"));
        // Free text (names, paths) is the only kind that takes "%%"; every other option refuses it.
        java.util.Set<String> freeText = java.util.Set.of("--local-dc", "--username", "--password", "--result-json",
                "--report-html", "--advice-file", "--hdr-log", "--csv-dir", "--tss-org-id", "--tss-username",
                "--tss-external-tags-store");
        for (OptionDef d : StressOptions.all()) {
            if (d.isFlag()) {
                continue;
            }
            if (freeText.contains(d.longName())) {
                parse(d.longName(), "%%", "--username", "u");
                continue;
            }
            String message = assertThrows(ConfigException.class, () -> parse(d.longName(), "%%"), d.longName()).getMessage();
            assertFalse(message.contains("\n"), d.longName());
            assertTrue(message.startsWith(d.longName()), message);
        }
    }

    @Test
    void noRedisErrorRepeatsThePasswordInTheUri() {
        for (String uri : List.of("http://u:s3cret@cache:6379", "redis://u:s3cret@", "redis://u:s3cret@cache:6379/x",
                "redis://u:s3cret@cache:bad port", "redis://:s3cret@[bad")) {
            String message = error("--redis", uri);
            assertFalse(message.contains("s3cret"), message);
            assertTrue(message.startsWith("--redis: "), message);
        }
        assertEquals("redis://cache:6379/2",
                ConfigView.of(parse("--redis", "redis://u:s3cret@cache:6379/2")).get("redis"));
    }

    @Test
    void replicationAndContactPointsParseAndReject() {
        StressConfig c = parse("--replication", "dc1:3,dc2:2", "--contact-points", "10.0.0.1:9043,db2,[::1]:9000");
        assertEquals("{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 2}", c.schema().replication().toCql());
        assertEquals(List.of(new ContactPoint("10.0.0.1", 9043), new ContactPoint("db2", 9042),
                new ContactPoint("::1", 9000)), c.cluster().contactPoints());
        assertTrue(error("--replication", "dc1=3").contains("is not dc:factor"));
        assertTrue(error("--replication", "dc1:0").contains("must be at least 1"));
        assertTrue(error("--replication", "dc1:1,dc1:2").contains("named twice"));
        assertTrue(error("--contact-points", "host:99999").contains("no valid port"));
        assertTrue(error("--contact-points", "a,,b").contains("empty contact point"));
        assertTrue(error("--contact-points", "host:port").contains("no valid port"));
    }

    @Test
    void rateFactorMayNotPutTwoSamplesOfAResourceInOneMillisecond() {
        assertEquals(2.0, parse("--rate-factor", "2").pacing().rateFactor());
        assertTrue(error("-i", "1", "--rate-factor", "2000").startsWith("--rate-factor:"));
    }

    @Test
    void passwordComesFromTheEnvironmentAndIsNeverShown() {
        StressConfig.Builder b = StressConfig.builder().username("cassandra");
        StressOptions.applyEnvironment(b, StressOptions.all(), List.of(),
                Map.of(StressOptions.PASSWORD_ENV, "s3cret"));
        StressConfig c = b.build();
        assertEquals("s3cret", c.cluster().password());
        assertFalse(c.toString().contains("s3cret"));
        assertFalse(ConfigView.of(c).toString().contains("s3cret"));
        assertEquals(true, ConfigView.of(c).get("password-set"));
    }

    @Test
    void anExplicitPasswordWinsOverTheEnvironment() {
        StressConfig.Builder b = StressConfig.builder().username("u").password("given");
        StressOptions.applyEnvironment(b, StressOptions.all(), List.of("--password"),
                Map.of(StressOptions.PASSWORD_ENV, "env"));
        assertEquals("given", b.build().cluster().password());
    }

    private static StressConfig withEnv(Map<String, String> env, String... pairs) {
        StressConfig.Builder b = StressConfig.builder();
        List<String> given = new java.util.ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            StressOptions.byName(pairs[i]).apply(b, pairs[i + 1]);
            given.add(StressOptions.byName(pairs[i]).longName());
        }
        StressOptions.applyEnvironment(b, StressOptions.all(), given, env);
        return b.build();
    }

    @Test
    void anInstanceComesFromTheOptionTheEnvironmentOrAKubernetesIndexedJob() {
        StressConfig c = parse("--nodes", "10", "--instance", "1/4");
        assertEquals(1, c.plan().instance());
        assertEquals(4, c.plan().instances());
        assertEquals(2, parse("--nodes", "10", "--instance", "2", "--instances", "3").plan().instance());
        assertEquals(3, withEnv(Map.of(StressOptions.INSTANCE_ENV, "3/5"), "--nodes", "10").plan().instance());
        // The option wins over the environment; Kubernetes' index counts only with --instances.
        assertEquals(0, withEnv(Map.of(StressOptions.INSTANCE_ENV, "3/5"), "--nodes", "10", "--instance", "0/5")
                .plan().instance());
        StressConfig job = withEnv(Map.of(StressOptions.JOB_INDEX_ENV, "2"), "--nodes", "10", "--instances", "4");
        assertEquals(2, job.plan().instance());
        assertEquals(4, job.plan().instances());
        StressConfig alone = withEnv(Map.of(StressOptions.JOB_INDEX_ENV, "2"), "--nodes", "10");
        assertEquals(0, alone.plan().instance());
        assertEquals(1, alone.plan().instances());
        StressConfig whole = StressConfig.builder().build();
        assertEquals(0, whole.plan().instance());
        assertEquals(1, whole.plan().instances());
    }

    @Test
    void instanceMistakesAreOneLineEach() {
        assertEquals("--instance: 'x/2' is not I/N (0-based index I of N instances, e.g. 0/2)",
                error("--instance", "x/2"));
        assertTrue(error("--instance", "2/2").startsWith("--instance: the index counts from 0, so it must be below 2"));
        assertTrue(error("--instances", "3").startsWith("--instances 3: say which one this is with --instance I/3"));
        assertEquals("--instance 1/2 and --instances 3 disagree on how many instances share the plan",
                error("--instance", "1/2", "--instances", "3"));
        assertTrue(error("--nodes", "2", "--instance", "0/3").contains("3 instances need at least 3 nodes"));
        assertEquals(StressOptions.JOB_INDEX_ENV + ": 'abc' is not an instance index",
                assertThrows(ConfigException.class, () -> withEnv(Map.of(StressOptions.JOB_INDEX_ENV, "abc"),
                        "--nodes", "10", "--instances", "2")).getMessage());
    }

    @Test
    void startAtTakesIsoOrEpochSecondsAndMustLeaveSomethingToGenerate() {
        long soon = java.time.Instant.now().getEpochSecond() + 60;
        assertEquals(soon, parse("--start-at", String.valueOf(soon)).pacing().startAt().getEpochSecond());
        assertEquals(java.time.Instant.ofEpochSecond(soon),
                parse("--start-at", java.time.Instant.ofEpochSecond(soon).toString()).pacing().startAt());
        assertEquals(java.time.Instant.ofEpochSecond(soon), parse("--start-at",
                java.time.Instant.ofEpochSecond(soon).atOffset(java.time.ZoneOffset.ofHours(2)).toString()).pacing().startAt());
        assertTrue(error("--start-at", "tomorrow").startsWith("--start-at: 'tomorrow' is not a time"));
        String past = java.time.Instant.now().minusSeconds(120).toString();
        assertTrue(error("--start-at", past, "--duration", "60s").contains("is already past"));
        // Late but within the duration: allowed, the instance catches up.
        assertEquals(past, parse("--start-at", past, "--duration", "10m").pacing().startAt().toString());
        assertTrue(error("--start-at", java.time.Instant.now().plusSeconds(3 * 86_400).toString())
                .contains("more than a day ahead"));
    }

    /**
     * Without --duration any past start was taken: --start-at 0 (1970) sent the generators
     * sprinting through 56 years of backlog. Late by the longer of 5 minutes and one interval at most.
     */
    @Test
    void startAtMayBeLateByFiveMinutesOrOneIntervalAtMost() {
        java.time.Instant now = java.time.Instant.now();
        assertEquals("--start-at: 1970-01-01T00:00:00Z is " , error("--start-at", "0").substring(0, 36));
        assertTrue(error("--start-at", "0").contains("ago; an instance may start at most 5m late (the longer of 5m "
                + "and one --interval), as it generates what it missed at once"), error("--start-at", "0"));
        String sixMinutes = now.minusSeconds(360).toString();
        assertTrue(error("--start-at", sixMinutes).contains("may start at most 5m late"));
        assertTrue(error("--start-at", sixMinutes, "--duration", "1h").contains("may start at most 5m late"));
        assertEquals(sixMinutes, parse("--start-at", sixMinutes, "--interval", "10m").pacing().startAt().toString(),
                "one interval of 10m");
        assertTrue(error("--start-at", now.minusSeconds(660).toString(), "--interval", "10m")
                .contains("may start at most 10m late"));
        String fourMinutes = now.minusSeconds(240).toString();
        assertEquals(fourMinutes, parse("--start-at", fourMinutes).pacing().startAt().toString());
    }

    @Test
    void rateStepsAreRateDurationPairsThatReplaceDurationAndRateFactor() {
        StressConfig c = parse("--rate-steps", "50k:30m, 80000:30m,0.1M:1h");
        assertEquals(List.of(new RateSteps.Step(50_000, Duration.ofMinutes(30)),
                new RateSteps.Step(80_000, Duration.ofMinutes(30)), new RateSteps.Step(100_000, Duration.ofHours(1))),
                c.pacing().rateSteps().steps());
        assertEquals(Duration.ofHours(2), c.totalDuration());
        assertFalse(c.untilStopped());
        assertEquals("--rate-steps: '50k' is not RATE:DURATION (e.g. 50k:30m)", error("--rate-steps", "50k"));
        assertEquals("--rate-steps: 'fast' is not a rate in samples/s (e.g. 50000 or 50k)",
                error("--rate-steps", "fast:30m"));
        assertEquals("--rate-steps: the steps set how long the run lasts; leave out --duration",
                error("--rate-steps", "5k:1m", "--duration", "2m"));
        assertEquals("--rate-steps: the steps set the rate; leave out --rate-factor",
                error("--rate-steps", "5k:1m", "--rate-factor", "2"));
        assertTrue(error("--nodes", "1", "--interfaces", "1", "--groups", "1", "--attributes", "1",
                "--rate-steps", "5k:1m").contains("paces the plan's intervals under 1ms apart"));
    }

    @Test
    void readOptionsAreOffUnlessAskedAndTheirMistakesAreOneLine() {
        StressConfig off = StressConfig.builder().build();
        assertNull(off.reads().readRate());
        assertNull(off.reads().searchRate());
        assertNull(off.reads().freshnessProbes());
        assertEquals(Duration.ofHours(2), off.reads().readWindow());
        assertEquals("LOCAL_ONE", off.reads().readConsistency());
        StressConfig c = parse("--read-rate", "50", "--read-hot", "10%:90%", "--search-rate", "5", "--freshness-probes",
                "2", "--read-cl", "local_quorum", "--read-window", "30m");
        assertEquals(50.0, c.reads().readRate());
        assertEquals(new HotSet(0.1, 0.9), c.reads().readHot());
        assertEquals("10%:90%", c.reads().readHot().toString());
        assertEquals("LOCAL_QUORUM", c.reads().readConsistency());
        assertEquals(Duration.ofMinutes(30), c.reads().readWindow());
        assertEquals("--read-hot: shapes the reads of --read-rate; add --read-rate", error("--read-hot", "10%:90%"));
        assertEquals("--read-hot: '10%' is not RESOURCES%:READS% (e.g. 10%:90%)",
                error("--read-rate", "5", "--read-hot", "10%"));
        assertTrue(error("--read-cl", "each_quorum").startsWith("--read-cl: 'each_quorum' is not a read consistency"));
        assertEquals("--read-rate: must be a number above 0, got 0", error("--read-rate", "0"));
        assertEquals("--verify-after: 'most' is not a share: all, a percentage up to 100% (e.g. 1%) or a fraction up to 1",
                error("--verify-after", "most"));
        assertEquals("--freshness-dc: says where --freshness-probes read; add --freshness-probes",
                error("--freshness-dc", "dc2"));
        assertEquals("dc2", parse("--freshness-probes", "1", "--freshness-dc", "dc2").reads().freshnessDc());
        assertEquals(List.of("dc2", "dc3"), parse("--freshness-probes", "1", "--freshness-dc", "dc2, dc3").reads().freshnessDcs());
        assertEquals(List.of(), parse("--freshness-probes", "1").reads().freshnessDcs());
        assertEquals("--freshness-dc: 'dc2,,dc3' has an empty DC name; give DC or DC,DC,...",
                error("--freshness-probes", "1", "--freshness-dc", "dc2,,dc3"));
        assertEquals("--freshness-dc: dc2 is given twice", error("--freshness-probes", "1", "--freshness-dc", "dc2,dc2"));
        assertEquals(0.01, parse("--verify-after", "1%").judging().verifyAfter(), 1e-12);
        assertEquals(1.0, parse("--verify-after", "all").judging().verifyAfter());
    }

    @Test
    void theDriversTimeoutAndRetriesFollowTheWriterModel() {
        StressConfig opennms = StressConfig.builder().build();
        assertEquals(Duration.ofSeconds(2), opennms.cluster().requestTimeout());
        assertEquals(ClusterSection.DRIVER_RETRIES, opennms.cluster().retries());
        assertEquals(1, opennms.cluster().connectionsPerHost());
        assertEquals(1024, opennms.cluster().maxRequestsPerConnection());
        StressConfig pipelined = parse("--writer", "pipelined");
        assertEquals(Duration.ofSeconds(10), pipelined.cluster().requestTimeout());
        assertEquals(0, pipelined.cluster().retries());
        assertEquals(2048, pipelined.cluster().maxRequestsPerConnection());
        assertEquals(ClusterSection.DRIVER_RETRIES, parse("--retries", "driver").cluster().retries());
        assertEquals("driver", StressOptions.byName("--retries").inResult(opennms));
    }

    @Test
    void driverSettingsThatCannotWorkAreRefused() {
        assertEquals("--request-timeout: must be more than 0 (a worker would wait for ever)",
                error("--request-timeout", "0s"));
        assertTrue(error("--retries", "driver", "--writer", "pipelined").startsWith("--retries driver: only with --writer opennms"));
        assertTrue(error("--connections-per-host", "0").startsWith("--connections-per-host"));
        assertTrue(error("--max-requests-per-connection", "40000").startsWith("--max-requests-per-connection: at most 32768"));
        assertTrue(error("--driver-config", "/nonexistent/driver.conf").startsWith("--driver-config: cannot read"));
    }

    @Test
    void settingsTheWriterModelDoesNotUseAreSaidNotSilentlyIgnored() {
        assertEquals(List.of(), StressConfig.builder().build().warnings(), "defaults warn of nothing");
        assertEquals(List.of("warning: --batch-commits, --max-in-flight apply to --writer pipelined only: ignored with "
                + "--writer opennms"), parse("--max-in-flight", "64", "--batch-commits", "2").warnings());
        assertEquals(List.of("warning: --max-batch-size applies to --writer opennms only: ignored with --writer pipelined"),
                parse("--writer", "pipelined", "--max-batch-size", "8").warnings());
        assertEquals(List.of(), parse("--writer", "pipelined", "--max-in-flight", "64").warnings());
        assertEquals(List.of("warning: --redis-near-cache applies to --writer pipelined only: ignored with --writer opennms"),
                parse("--cache", "redis", "--redis-near-cache", "0").warnings());
        assertEquals(List.of(), parse("--cache", "redis").warnings());
        List<String> eachQuorum = parse("--write-cl", "each_quorum").warnings();
        assertEquals(1, eachQuorum.size());
        assertTrue(eachQuorum.get(0).startsWith("warning: --write-cl EACH_QUORUM with --writer opennms sets the terms "
                + "rows' level only"), eachQuorum.get(0));
        assertEquals(List.of(), parse("--write-cl", "local_one").warnings());
    }
}
