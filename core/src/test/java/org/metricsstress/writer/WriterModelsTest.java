package org.metricsstress.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.ValueType;
import org.metricsstress.config.Writer;
import org.metricsstress.config.WriterModel;
import org.metricsstress.config.WriterModels;
import org.metricsstress.writer.opennms.OpenNmsModel;
import org.metricsstress.writer.pipelined.PipelinedModel;

class WriterModelsTest {

    @Test
    void everyValueOfTheOptionHasItsOneModelThatRuns() {
        assertEquals(Arrays.asList(Writer.values()), WriterModels.all().stream().map(WriterModel::id).toList());
        for (Writer w : Writer.values()) {
            WriterModel m = WriterModels.of(w);
            assertEquals(w, m.id());
            assertInstanceOf(WriterRuntime.class, m, w + " must open a pipeline");
        }
    }

    @Test
    void eachModelsLabelIsItsValueOfTheOption() {
        ValueType<Writer> option = ValueType.oneOf(Writer.class);
        for (WriterModel m : WriterModels.all()) {
            assertEquals(option.show(m.id()), m.label());
            assertEquals(m.id(), option.parse("--writer", m.label()));
        }
    }

    @Test
    void aSavedResultsWriterTextMapsToItsModelAndAnOldOneToTheDefault() {
        assertInstanceOf(OpenNmsModel.class, WriterModels.named("opennms"));
        assertInstanceOf(PipelinedModel.class, WriterModels.named("pipelined"));
        assertInstanceOf(PipelinedModel.class, WriterModels.named(" Pipelined "));
        // Results made before --writer existed were runs of OpenNMS's writer, the option's default.
        assertInstanceOf(OpenNmsModel.class, WriterModels.named(null));
        assertSame(StressConfig.builder().build().pipeline().model(), WriterModels.named(null));
    }

    /** A receiver for the TSS model, which refuses to run without one; the others ignore it. */
    private static StressConfig.Builder builder() {
        return StressConfig.builder().tssWriteUrl(java.net.URI.create("http://127.0.0.1:9/api/v1/write"));
    }

    @Test
    void theBenchsRolesAreEachPlayedByOneModel() {
        assertInstanceOf(OpenNmsModel.class, WriterModels.reference());
        assertInstanceOf(PipelinedModel.class, WriterModels.candidate());
        assertInstanceOf(org.metricsstress.writer.tss.TssModel.class, WriterModels.inRole(WriterModels.Role.SUCCESSOR));
        assertEquals(Writer.PIPELINED, StressConfig.builder().writer(WriterModels.candidate()).build().pipeline().writer());
    }

    @Test
    void theRunsModelIsTheOneItsConfigurationChose() {
        for (WriterModel m : WriterModels.all()) {
            StressConfig c = builder().writer(m).build();
            assertSame(m, Writers.of(c));
        }
    }

    @Test
    void eachModelsDefaultsReachTheConfiguration() {
        for (WriterModel m : WriterModels.all()) {
            StressConfig c = builder().writer(m).writerThreads(8).build();
            assertEquals(m.defaultWriteConsistency(), c.cluster().writeConsistency());
            assertEquals(m.defaultRequestTimeout(), c.cluster().requestTimeout());
            assertEquals(m.defaultRetries(), c.cluster().retries());
            assertEquals(m.defaultMaxRequestsPerConnection(c.pipeline().maxInFlight()),
                    c.cluster().maxRequestsPerConnection());
            assertEquals(m.defaultCacheMaxEntries(), c.index().cacheMaxEntries());
            assertEquals(m.defaultRedisPool(8), c.index().redisPool());
            assertEquals(m.primesCacheByDefault(c.index().enabled(), c.index().cache(), c.pipeline().sink()),
                    c.index().primeCache());
        }
    }
}
