package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.cli.JarConfig;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.ConfigView;
import org.metricsstress.config.StressConfig;

/** The same words through the Karaf command and the jar: the same configuration, or the same one-line error. */
class FrontEndParityTest {
    private static final Map<String, String> ENV = Map.of("METRICS_STRESS_REDIS_PASSWORD", "rpw");

    private static StressConfig karaf(List<String> args) {
        return new AdminSettings(Map::of).withTyped(args, ENV).builder().build();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "-n 10 -f 2 -g 3 -a 4 -s 0 -i 60 -b -t 2 -z 3",
        "-n10 -f2 --groups=3 --attributes 4",
        "--nodes=15000 --interfaces=20 -g 5 -a 10 -s 1 -t 200 -i 300 -r 60",
        "--duration 90s --rate-factor 2.5 --seed -7 --on-full BLOCK --ring-size 1024 --writer-threads 4",
        "--contact-points db1:9042,db2:9043 --local-dc dc1 --username u --write-cl local_quorum",
        "--replication dc1:3,dc2:3 --keyspace k1 --twcs-window 1d --gc-grace 1h --ttl 0",
        "--no-index --jmx --sla p99<25ms,drops=0",
        "--username u --password pw",
        "--cache redis --redis redis://127.0.0.1:6380/2 --redis-pool 3 --index-max-in-flight 7",
        "--rate-steps 5k:1m,10k:1m --read-rate 5 --read-hot 10%:90% --search-rate 1 --freshness-probes 0.5",
        "--read-cl local_quorum --read-window 30m --read-max-in-flight 8 --verify-after 1%",
        "--sink null --compression lz4 --index-max-in-flight auto --cache redis --redis-near-cache 0",
        "--compression snappy --index-max-in-flight 64",
        "--writer tss --tss-write-url http://127.0.0.1:9090/api/v1/write --tss-mode sync --tss-max-connections 8",
        "--writer opennms,tss --tss-write-url http://127.0.0.1:8428/api/v1/write",
    })
    void sameWordsSameConfiguration(String line) {
        List<String> args = line.isEmpty() ? List.of() : List.of(line.split(" "));
        StressConfig jar = JarConfig.of(args, ENV);
        StressConfig shell = karaf(args);
        assertEquals(ConfigView.of(jar), ConfigView.of(shell), line);
        assertEquals(jar.cluster().password(), shell.cluster().password(), line);
        assertEquals(jar.index().redisPassword(), shell.index().redisPassword(), line);
        assertEquals(jar, shell, line);
    }

    /** A start time must be near now (at most a day ahead, a few minutes late): made at run time. */
    @Test
    void sameStartAtSameConfiguration() {
        long inAnHour = java.time.Instant.now().getEpochSecond() + 3_600;
        sameWordsSameConfiguration("-n 10 --instance 1/4 --start-at " + java.time.Instant.ofEpochSecond(inAnHour)
                + " --duration 36500d");
        sameWordsSameConfiguration("-n 10 --instance 2 --instances 3 --start-at " + inAnHour + " --duration 36500d");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "--nodez 3",
        "-n",
        "-n 1 --nodes 2",
        "-n abc",
        "-n 0",
        "--ring-size 1000",
        "--burst=yes",
        "stray",
        "--replication dc1",
        "--password pw",
        "--prime-cache --cache redis",
        "--instance 4/4",
        "--instances 2",
        "--start-at noon",
        "--start-at 0",
        "--read-hot 10%:90%",
        "--rate-steps 5k",
        "--verify-after 200%",
        "--writer tss",
        "--writer tss,opennms --tss-write-url http://127.0.0.1:9090/api/v1/write",
    })
    void sameMistakeSameLine(String line) {
        List<String> args = List.of(line.split(" "));
        String jar = assertThrows(ConfigException.class, () -> JarConfig.of(args, Map.of())).getMessage();
        String shell = assertThrows(ConfigException.class, () -> karaf(args)).getMessage();
        assertEquals(withoutAge(jar), withoutAge(shell), line);
    }

    /**
     * A late --start-at says how long ago it was, to the second, and the two parses can fall either
     * side of a second's edge (they did in CI): the age is the clock's, not the mistake's.
     */
    private static String withoutAge(String message) {
        return message.replaceAll("is \\d+s ago", "is Ns ago");
    }

    @Test
    void bothReadTheLocalNodesOptionsAlike() {
        // --embedded is parsed by both, so a line means the same in both shells; metrics:stress then
        // refuses it in one line (BothShellsTest), the jar starts its node.
        assertEquals(ConfigView.of(karaf(List.of("--embedded"))), ConfigView.of(JarConfig.of(List.of("--embedded"), ENV)));
    }
}
