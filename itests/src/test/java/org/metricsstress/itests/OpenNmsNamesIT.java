package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;

/**
 * OpenNMS's own metric names, read by a JMX client (the platform MBean server, as jconsole or a JMX
 * exporter would) while a run goes, and by a Prometheus scrape; at the end they agree with the
 * result file. The run is shaped to drop: OpenNMS's writer with a ring of 64 events, a whole pass
 * generated at once (-b), then idle for the rest of its seconds, so the last reads are final.
 */
@ExtendWith(CassandraExtension.class)
class OpenNmsNamesIT {
    private static final String MAX_SIZE = "org.opennms.newts:name=ring-buffer.max-size,type=gauges";
    private static final String QUEUED = "org.opennms.newts:name=ring-buffer.size,type=gauges";
    private static final String DROPPED = "org.opennms.newts:name=ring-buffer.dropped-samples,type=meters";
    private static final String INSERTED = "org.opennms.newts:name=repository.samples-inserted,type=meters";
    private static final String INSERT_TIMER = "org.opennms.newts:name=repository.insert-timer,type=timers";

    /** One read of the beans, all at once. */
    private record Read(long maxSize, long queued, long dropped, long inserted, long inserts) {}

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static Read read(MBeanServer server) throws Exception {
        return new Read(((Number) server.getAttribute(new ObjectName(MAX_SIZE), "Value")).longValue(),
                ((Number) server.getAttribute(new ObjectName(QUEUED), "Value")).longValue(),
                (Long) server.getAttribute(new ObjectName(DROPPED), "Count"),
                (Long) server.getAttribute(new ObjectName(INSERTED), "Count"),
                (Long) server.getAttribute(new ObjectName(INSERT_TIMER), "Count"));
    }

    @Test
    void openNmsBeansAreReadDuringTheRunAndAgreeWithTheResult(CassandraServer server, @TempDir Path dir) throws Exception {
        int port = freePort();
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("it_opennms_names").writer(Writer.OPENNMS).ringSize(64)
                .nodes(20).interfaces(2).groups(5).attributes(10).strings(0)
                .burst(true).interval(Duration.ofSeconds(60)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4))
                .resultJson(dir.resolve("result.json")).prometheusPort(port).jmx(true)
                .build();

        AtomicReference<Throwable> failure = new AtomicReference<>();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Thread run = new Thread(() -> {
            try {
                new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        run.start();

        MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
        HttpClient http = HttpClient.newHttpClient();
        Read last = null;
        int reads = 0;
        String scrape = null;
        while (run.isAlive()) {
            Thread.sleep(50);
            try {
                last = read(beans);
                reads++;
            } catch (InstanceNotFoundException notThereYetOrGone) {
                // before the run's outputs open, or after they closed
            }
            if (scrape == null && last != null && last.inserted() > 0) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                scrape = r.body();
            }
        }
        run.join();
        System.out.println(console.toString(StandardCharsets.UTF_8));
        assertEquals(null, failure.get(), "the run failed");
        assertNotNull(last, "no org.opennms.newts bean was ever read");
        assertTrue(reads >= 20, "the beans were readable for only " + reads + " reads");

        JsonNode result = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals(64, result.get("config").get("ring-size").asLong());
        assertEquals(64, last.maxSize(), "ring-buffer.max-size is the ring's events");
        assertTrue(result.get("dropped").asLong() > 0, "the run was shaped to drop: " + result.get("dropped"));
        assertEquals(0, last.queued(), "the ring was empty at the last read: the figures below were final");
        assertEquals(result.get("dropped").asLong(), last.dropped(), "ring-buffer.dropped-samples");
        assertEquals(result.get("written").asLong(), last.inserted(), "repository.samples-inserted (no index write failed)");
        // One insert per chunk of 16: every commit of 10 samples that got into the ring is one chunk.
        assertEquals(result.get("written").asLong() / 10, last.inserts(), "repository.insert-timer's count");

        assertNotNull(scrape, "no Prometheus scrape during the run");
        // The client writes every value as a double ("64.0"), as OpenNMS's JMX exporter does.
        assertTrue(scrape.matches("(?s).*\\norg_opennms_newts_repository_samples_inserted_count\\{type=\"meters\"} [1-9]\\d*(\\.0)?\\n.*"),
                scrape);
        assertTrue(scrape.contains("\norg_opennms_newts_ring_buffer_max_size_value{type=\"gauges\"} 64.0\n"), scrape);
        assertTrue(scrape.contains("\norg_opennms_newts_ring_buffer_dropped_samples_count{type=\"meters\"} "), scrape);

        // After the run nothing of it stays registered.
        assertTrue(beans.queryNames(new ObjectName("org.opennms.newts:*"), null).isEmpty());
    }
}
