package org.metricsstress.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What distance between data centres cost the run: how far apart they were made (a local cluster's
 * {@code --embedded-latency}: "dc1-dc2" to "10ms", one way; empty when nothing was set apart) and
 * the service time of the writes per coordinator data centre, at the consistency level they used.
 *
 * @param latency one-way delay per pair of DCs, as configured
 * @param service per consistency level and coordinator DC, the acknowledged requests' service time
 * @param relays  what the relays that made the distance cost, when they ran in the run's process;
 *                null otherwise
 */
public record Distance(Map<String, String> latency, List<DcService> service, Relays relays) {
    public static final Distance NONE = new Distance(Map.of(), List.of(), null);

    public Distance {
        latency = latency == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(latency));
        service = service == null ? List.of() : List.copyOf(service);
    }

    /**
     * One consistency level's writes coordinated in one DC.
     *
     * @param consistency the consistency level the requests were sent at
     * @param dc          the coordinators' data centre
     * @param requests    attempts those coordinators answered or failed
     * @param service     service time of the acknowledged ones
     */
    public record DcService(String consistency, String dc, long requests, LatencySummary service) {}

    /**
     * What the delay relays did during the run (a local cluster's relays run in the run's own JVM):
     * bytes moved, both ways, and their threads' CPU time, which the client's CPU figure includes.
     *
     * @param bytes      bytes the relays wrote on
     * @param cpuSeconds CPU time of the relays' threads
     */
    public record Relays(long bytes, double cpuSeconds) {
        /** What was done since {@code start}, a reading of the same relays. */
        public Relays since(Relays start) {
            return new Relays(bytes - start.bytes, cpuSeconds - start.cpuSeconds);
        }

        /** Both readings added: several instances' relays. Null stands for none. */
        public static Relays sum(Relays a, Relays b) {
            return a == null ? b : b == null ? a : new Relays(a.bytes + b.bytes, a.cpuSeconds + b.cpuSeconds);
        }
    }

    /** The nodes' service times added up per DC (histograms added, not percentiles averaged). */
    public static Distance of(Map<String, String> latency, String consistency, List<NodeSummary> nodes, Relays relays) {
        Map<String, List<NodeSummary>> byDc = new LinkedHashMap<>();
        for (NodeSummary n : nodes == null ? List.<NodeSummary>of() : nodes) {
            if (n.dc() != null && n.service() != null) {
                byDc.computeIfAbsent(n.dc(), k -> new ArrayList<>()).add(n);
            }
        }
        List<DcService> service = new ArrayList<>();
        byDc.forEach((dc, ns) -> {
            List<LatencySummary> parts = ns.stream().map(NodeSummary::service).toList();
            service.add(new DcService(consistency, dc, ns.stream().mapToLong(NodeSummary::requests).sum(),
                    parts.stream().allMatch(LatencySummary::hasHistogram) ? LatencySummary.sum(parts) : upperBound(parts)));
        });
        return new Distance(latency, service, relays);
    }

    /**
     * Without every histogram (results assembled from percentiles only) the sum cannot be known; each
     * part's largest percentile bounds it from above (a value at or over every part's p-th percentile
     * is at or over the p-th of their union), and is never mistaken for one node's figures. The mean
     * is exact: the parts' means weighed by their counts.
     */
    static LatencySummary upperBound(List<LatencySummary> parts) {
        long count = parts.stream().mapToLong(LatencySummary::count).sum();
        double mean = count == 0 ? 0 : parts.stream().mapToDouble(l -> l.meanMs() * l.count()).sum() / count;
        return new LatencySummary(count, max(parts, LatencySummary::p50Ms), max(parts, LatencySummary::p90Ms),
                max(parts, LatencySummary::p99Ms), max(parts, LatencySummary::p999Ms), max(parts, LatencySummary::maxMs),
                mean);
    }

    private static double max(List<LatencySummary> parts, ToDoubleFunction<LatencySummary> field) {
        return parts.stream().mapToDouble(field).max().orElse(0);
    }

    /** A delay as a local cluster writes it: a base, and after a {@code ~} the jitter about it. */
    private static final Pattern DELAY = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|us|s)\\s*(?:~.*)?");

    /**
     * One way, in milliseconds, as the median request waits it: the base of a delay written
     * {@code 10ms}, {@code 500us} or {@code 10ms~1ms}. The jitter is left out on purpose: the relays
     * hold each chunk the base plus a value drawn evenly from [-jitter, +jitter], so the median
     * delay is the base, and what it is weighed against is a p50. 0 for a distance written
     * otherwise (or none): counted as none, as before.
     */
    public static double oneWayMs(String text) {
        Matcher m = text == null ? null : DELAY.matcher(text);
        if (m == null || !m.matches()) {
            return 0;
        }
        double n = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "s" -> n * 1000;
            case "us" -> n / 1000;
            default -> n;
        };
    }

    /** The pairs as the header and the summary print them: "dc1-dc2 2ms, dc1-dc3 3ms". */
    public static String oneWayText(Map<String, String> latency) {
        return latency.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The service time of writes at {@code consistency} coordinated in {@code dc}; null if none. */
    public DcService service(String consistency, String dc) {
        return service.stream().filter(s -> s.consistency().equals(consistency) && s.dc().equals(dc))
                .findFirst().orElse(null);
    }
}
