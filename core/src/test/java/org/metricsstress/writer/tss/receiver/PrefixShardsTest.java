package org.metricsstress.writer.tss.receiver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PrefixShardsTest {

    @Test
    void everyIdFallsInExactlyOneShardOfAtMostTheBound() {
        List<String> ids = List.copyOf(new TreeSet<>(IntStream.range(0, 1200)
                .mapToObj(i -> "snmp/" + (i / 10) + "/tap" + (i % 10) + "/group0").toList()));
        // An id that is another's prefix, and a regex character.
        List<String> all = List.copyOf(new TreeSet<>(java.util.stream.Stream.concat(ids.stream(),
                java.util.stream.Stream.of("snmp/1", "snmp/1+x")).toList()));
        List<String> shards = PrefixShards.of(all, 100);
        assertTrue(shards.size() > 12, shards.toString());
        List<Pattern> patterns = shards.stream().map(Pattern::compile).toList();
        for (String id : all) {
            assertEquals(1, patterns.stream().filter(p -> p.matcher(id).matches()).count(), id + " in " + shards);
        }
        for (Pattern p : patterns) {
            long n = all.stream().filter(id -> p.matcher(id).matches()).count();
            assertTrue(n >= 1 && n <= 100, p + " matches " + n);
        }
    }

    @Test
    void fewIdsAreOneShardOfAll() {
        assertEquals(List.of(".*"), PrefixShards.of(List.of("a", "b"), 100));
    }

    @Test
    void theSelectorEscapesForPromQl() {
        assertEquals("{__name__=\"metric_0_0\",resourceId=~\"snmp/1/tap[0-9]+\",resourceId=~\"snmp/1\\\\+x.*\"}",
                ReceiverReadBack.selector("metric_0_0", "snmp/1/tap[0-9]+", "snmp/1\\+x.*"));
    }
}
