package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SectionAssemblerTest {
    private static final List<Class<? extends Record>> SECTIONS = List.of(PlanSection.class, PacingSection.class,
            PipelineSection.class, ClusterSection.class, SchemaSection.class, IndexSection.class, ReadSection.class,
            OutputSection.class, JudgingSection.class, DiskSection.class);

    /** Builder setters whose name differs from the component they fill. */
    private static final Map<String, String> RENAMED = Map.of("mode", "pacing", "enabled", "index");

    @Test
    void everySectionComponentHasABuilderSetterOfItsType() {
        Set<String> seen = new HashSet<>();
        for (Class<? extends Record> section : SECTIONS) {
            for (RecordComponent c : section.getRecordComponents()) {
                assertTrue(seen.add(c.getName()), c.getName() + " is in two sections: the builder's values would clash");
                if (c.getName().equals("instance")) {
                    continue; // derived from --instance I/N and the environment, not set directly
                }
                String setter = RENAMED.getOrDefault(c.getName(), c.getName());
                boolean found = false;
                for (Method m : StressConfig.Builder.class.getMethods()) {
                    if (m.getName().equals(setter) && m.getParameterCount() == 1
                            && box(m.getParameterTypes()[0]) == box(c.getType())) {
                        found = true;
                    }
                }
                assertTrue(found, section.getSimpleName() + "." + c.getName() + " has no Builder." + setter + "("
                        + c.getType().getSimpleName() + ")");
            }
        }
        assertEquals(11, StressConfig.class.getRecordComponents().length, "one component per section");
    }

    @Test
    void aPrimitiveWithoutAValueIsABugNotAUserMistake() {
        Map<String, Object> values = new HashMap<>();
        values.put("verifyAfter", null);
        assertEquals(new JudgingSection(null, null, null, null), SectionAssembler.assemble(JudgingSection.class, values));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SectionAssembler.assemble(PlanSection.class, values));
        assertEquals("PlanSection.nodes has no value", e.getMessage());
    }

    @Test
    void aSectionsOwnCheckReachesTheCallerAsItsOneLine() {
        Map<String, Object> values = new HashMap<>(Map.of("keyspace", "9lives", "twcsWindow", java.time.Duration.ofDays(1),
                "gcGrace", java.time.Duration.ZERO, "ttl", java.time.Duration.ZERO));
        ConfigException e = assertThrows(ConfigException.class, () -> SectionAssembler.assemble(SchemaSection.class, values));
        assertTrue(e.getMessage().startsWith("--keyspace: '9lives' is not a keyspace name"), e.getMessage());
    }

    @Test
    void theDefaultsBuildAndEachSectionHoldsItsOptions() {
        StressConfig c = StressConfig.builder().build();
        assertEquals(1000, c.plan().nodes());
        assertEquals(Pacing.NODES, c.pacing().mode());
        assertEquals(Writer.OPENNMS, c.pipeline().writer());
        assertEquals("ANY", c.cluster().writeConsistency(), "OpenNMS's write consistency with its writer");
        assertEquals(8_192, c.index().cacheMaxEntries(), "OpenNMS's cache.max_entries");
        assertEquals(4 * c.pipeline().writerThreads(), c.index().redisPool());
        assertEquals(OutputSection.NO_PORT, c.outputs().prometheusPort());
        StressConfig pipelined = StressConfig.builder().writer(Writer.PIPELINED).build();
        assertEquals("LOCAL_ONE", pipelined.cluster().writeConsistency());
        assertEquals(2_000_000, pipelined.index().cacheMaxEntries());
    }

    private static Class<?> box(Class<?> t) {
        if (!t.isPrimitive()) {
            return t;
        }
        return switch (t.getName()) {
            case "int" -> Integer.class;
            case "long" -> Long.class;
            case "double" -> Double.class;
            case "boolean" -> Boolean.class;
            default -> t;
        };
    }
}
