package org.metricsstress.nodes;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.metricsstress.config.NodeTelemetryScope;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.storage.Coordinators;
import org.metricsstress.storage.RunnableDeadline;

/**
 * Reads every node's own figures beside a run, at a cadence of its own (--node-telemetry-every,
 * 2 s by default; docs/diagnosis.md, "the nodes' side"): its {@code system_views} over a small session of its own, each statement routed to
 * the node, and its JMX where that answers. Off the samples' path: a thread of its own, one read per
 * node per table per reading, each bounded well inside the cadence, so a node that does not answer
 * (stopped, overloaded) is recorded as such and never holds the run or the next reading up. A
 * cluster without {@code system_views} (ScyllaDB, Cassandra before 4.0) is said in one line, and the
 * run goes on without it.
 */
public final class NodeWatch implements AutoCloseable {
    /** How often the nodes are read unless --node-telemetry-every says otherwise. */
    public static final Duration DEFAULT_EVERY = Duration.ofSeconds(2);

    /** A node's JMX connect: long enough for a loaded node, short enough not to hold the start up. */
    private static final long JMX_CONNECT_MS = 3_000;

    /** Why there is nothing to read (off, no cluster); null when the nodes are being read. */
    private final String inertWhy;
    private final ScheduledExecutorService clock;
    private final Thread opener;
    /** Set once by the opener when the nodes answered; read by the ticks and the live outputs. */
    private volatile Watching watching;
    /** Why the opening came to nothing, once it has; null while under way or when it succeeded. */
    private volatile String notOpened;
    /** Set by {@link #finish} or {@link #close}: a watch opened after it is closed at once. */
    private boolean ended;
    private volatile long startNanos;
    /** How often the nodes are read: their own cadence, not the report interval's. */
    private final Duration every;

    /** The nodes once their session is open and their counters' base taken. */
    private static final class Watching {
        final String source;
        final List<String> notes;
        /** What is said when the watch starts: which nodes, over what, what did not answer. */
        final List<String> lines;
        final CqlSession session;
        final SystemViews views;
        final long boundNanos;
        final List<Watched> watched;

        Watching(String source, List<String> notes, List<String> lines, CqlSession session, SystemViews views,
                long boundNanos, List<Watched> watched) {
            this.source = source;
            this.notes = List.copyOf(notes);
            this.lines = List.copyOf(lines);
            this.session = session;
            this.views = views;
            this.boundNanos = boundNanos;
            this.watched = List.copyOf(watched);
        }

        void close() {
            for (Watched w : watched) {
                if (w.jmx != null) {
                    w.jmxThread.shutdownNow();
                    w.jmx.close();
                }
            }
            session.close();
        }
    }

    /** One node: where it is, its figures so far, its JMX if it answered at the start. */
    private static final class Watched {
        final Node node;
        final NodeSeries series;
        final JmxFigures jmx;
        final ExecutorService jmxThread;
        CompletableFuture<JmxFigures.Raw> jmxUnderWay;
        /** The node's settings when they missed the start; null when they were read then. */
        LateSettings lateSettings;
        /** The latest reading, for the live outputs. */
        volatile NodeTelemetry.Reading last;

        Watched(Node node, NodeSeries series, JmxFigures jmx) {
            this.node = node;
            this.series = series;
            this.jmx = jmx;
            this.jmxThread = jmx == null ? null : Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "node-telemetry-jmx " + jmx.at());
                t.setDaemon(true);
                return t;
            });
        }
    }

    private NodeWatch(String inertWhy, StressConfig config, PrintStream out) {
        this.inertWhy = inertWhy;
        this.every = config == null ? DEFAULT_EVERY : every(config);
        if (inertWhy != null) {
            clock = null;
            opener = null;
            return;
        }
        clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "node-telemetry");
            t.setDaemon(true);
            return t;
        });
        opener = new Thread(() -> opened(connect(config, out), out), "node-telemetry-open");
        opener.setDaemon(true);
    }

    /**
     * Starts connecting to the nodes of {@code config}'s scope and taking their counters' base, on a
     * thread of its own, and returns at once: the run's start never waits for the nodes' side (a
     * session, a JMX connect per node, the first readings; seconds on a loaded machine or a large
     * cluster). The readings start at the first report line after that is done; a run that ends
     * first has none, and says so. Never fails the run: what cannot be read is said in one line and
     * kept in the result's notes.
     */
    public static NodeWatch open(StressConfig config, PrintStream out) {
        NodeTelemetryScope scope = config.judging().nodeTelemetry();
        if (scope == NodeTelemetryScope.OFF) {
            return inert("off (--node-telemetry off)");
        }
        if (config.pipeline().sink() == Sink.NULL) {
            return inert("off (--sink null: no cluster)");
        }
        if (!config.cassandraSide()) {
            return inert("off (--writer " + config.pipeline().writers().text() + ": no Cassandra)");
        }
        NodeWatch watch = new NodeWatch(null, config, out);
        watch.opener.start();
        return watch;
    }

    /** The opener's work: the nodes' watch, or null with {@link #notOpened} saying why. */
    private Watching connect(StressConfig config, PrintStream out) {
        NodeTelemetryScope scope = config.judging().nodeTelemetry();
        long bound = boundNanos(every);
        CqlSession session;
        try {
            session = CassandraConnector.connectForNodes(config, scope == NodeTelemetryScope.ALL, Duration.ofNanos(bound));
        } catch (ClusterException e) {
            say(out, "node telemetry: not read: " + e.getMessage() + "; the run goes on without the nodes' side");
            notOpened = "not available: " + e.getMessage();
            return null;
        }
        try {
            return open(config, scope, session, bound, out);
        } catch (RuntimeException e) {
            session.close();
            say(out, "node telemetry: not read: " + CassandraConnector.reason(e) + "; the run goes on without it");
            notOpened = "not available: " + CassandraConnector.reason(e);
            return null;
        }
    }

    /** A line of the opening's, unless the run has ended meanwhile (its summary is printed then). */
    private synchronized void say(PrintStream out, String line) {
        if (!ended) {
            out.println(line);
        }
    }

    /** Hands the opened watch over, or lets it go if the run has ended meanwhile. */
    private void opened(Watching w, PrintStream out) {
        if (w == null) {
            return;
        }
        synchronized (this) {
            if (!ended) {
                watching = w;
                w.lines.forEach(out::println);
                return;
            }
        }
        w.close();
    }

    private Watching open(StressConfig config, NodeTelemetryScope scope, CqlSession session, long bound,
            PrintStream out) {
        String localDc = config.cluster().localDc() != null ? config.cluster().localDc()
                : CassandraConnector.localDatacenter(session);
        List<Node> nodes = session.getMetadata().getNodes().values().stream()
                .filter(n -> scope == NodeTelemetryScope.ALL || localDc.equals(n.getDatacenter()))
                .sorted(Comparator.comparing((Node n) -> String.valueOf(n.getDatacenter()))
                        .thenComparing(Coordinators::name))
                .toList();
        SystemViews views = new SystemViews(session, config.schema().keyspace(), Duration.ofNanos(bound));
        // Every node at once, so a node that does not answer costs one bound, not one per node.
        Map<Node, CompletableFuture<Map<String, String>>> asked = new LinkedHashMap<>();
        nodes.forEach(n -> asked.put(n, views.settings(n).toCompletableFuture()));
        ExecutorService connecting = Executors.newFixedThreadPool(Math.max(1, Math.min(nodes.size(), 32)), r -> {
            Thread t = new Thread(r, "node-telemetry-connect");
            t.setDaemon(true);
            return t;
        });
        Map<Node, JmxFigures> jmxOf = new LinkedHashMap<>();
        Map<Node, CompletableFuture<JmxFigures.Raw>> jmxBase = new LinkedHashMap<>();
        for (Node n : nodes) {
            String name = Coordinators.name(n);
            String host = name.substring(0, name.lastIndexOf(':'));
            JmxFigures jmx = new JmxFigures(config.disk().nodeJmx().getOrDefault(host,
                    host + ":" + config.disk().nodeJmxPort()), JMX_CONNECT_MS, TimeUnit.NANOSECONDS.toMillis(bound));
            jmxOf.put(n, jmx);
            jmxBase.put(n, CompletableFuture.supplyAsync(() -> {
                try {
                    return jmx.read();
                } catch (IOException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            }, connecting));
        }
        // The settings tell whether the nodes have system_views at all: one line and no watch when not.
        // Bounds on the time this process could run: a client held to a CPU quota from its start
        // still takes its nodes' first figures (storage.RunnableDeadline).
        RunnableDeadline settingsBy = RunnableDeadline.start(Duration.ofNanos(2 * bound));
        Map<Node, Map<String, String>> settings = new LinkedHashMap<>();
        Map<Node, String> settingsNotes = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        String missing = null;
        for (Node n : nodes) {
            try {
                settings.put(n, settingsBy.get(asked.get(n).toCompletableFuture()));
            } catch (ExecutionException e) {
                String why = CassandraConnector.reason(e.getCause());
                if (why.contains("system_views") || why.toLowerCase(Locale.ROOT).contains("unauthorized")) {
                    missing = why;
                    break;
                }
                settingsNotes.put(n, Coordinators.name(n) + ": its settings were not read (" + why + ")");
            } catch (TimeoutException e) {
                settingsNotes.put(n, Coordinators.name(n) + ": its settings were not read (no answer in time)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        notes.addAll(settingsNotes.values());
        if (missing != null) {
            connecting.shutdownNow();
            jmxOf.values().forEach(JmxFigures::close);
            session.close();
            say(out, "node telemetry: the nodes do not show system_views (" + missing + "; ScyllaDB, or Cassandra "
                    + "before 4.0, or no permission): the verdict judges the cluster from this client's side alone");
            notOpened = "not available: " + missing;
            return null;
        }
        Map<Node, CompletableFuture<SystemViews.Raw>> cqlBase = new LinkedHashMap<>();
        nodes.forEach(n -> cqlBase.put(n, views.read(n)));
        RunnableDeadline baseBy = RunnableDeadline.start(Duration.ofNanos(TimeUnit.MILLISECONDS.toNanos(JMX_CONNECT_MS)
                + 2 * bound));
        int jmxAnswering = 0;
        List<Watched> watched = new ArrayList<>();
        for (Node n : nodes) {
            String name = Coordinators.name(n);
            NodeSeries series = new NodeSeries(name, n.getDatacenter());
            series.settings(settings.getOrDefault(n, Map.of()));
            JmxFigures jmx = jmxOf.get(n);
            JmxFigures.Raw jmxRaw = null;
            // A node too busy to answer its JMX at the start (one held to a small CPU quota) is asked
            // again at each reading: its connect still under way is the first reading's, never doubled.
            CompletableFuture<JmxFigures.Raw> jmxLate = null;
            try {
                jmxRaw = baseBy.get(jmxBase.get(n));
                jmxAnswering++;
            } catch (ExecutionException | TimeoutException e) {
                String why = e instanceof ExecutionException ee && ee.getCause() != null ? ee.getCause().getMessage()
                        : "no answer in time";
                notes.add(name + ": JMX at " + jmx.at() + " did not answer at the start (" + why + "): its GC, CPU, "
                        + "dropped mutations and commit-log waits are read from the first reading it answers, if any");
                jmxLate = jmxBase.get(n);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                jmx.close();
                jmx = null;
            }
            SystemViews.Raw raw = null;
            try {
                raw = baseBy.get(cqlBase.get(n));
            } catch (ExecutionException | TimeoutException e) {
                // The first interval's changes then count from its first answer.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            series.base(System.nanoTime(), raw, jmxRaw);
            Watched w = new Watched(n, series, jmx);
            w.jmxUnderWay = jmxLate;
            if (!settings.containsKey(n)) {
                w.lateSettings = new LateSettings(views, n, series, asked.get(n), settingsNotes.get(n));
            }
            watched.add(w);
        }
        connecting.shutdown();
        String what = jmxAnswering == nodes.size() ? "system_views and JMX"
                : jmxAnswering == 0 ? "system_views (JMX did not answer: --node-jmx-port)"
                : String.format(Locale.ROOT, "system_views, JMX on %d of them", jmxAnswering);
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "node telemetry: %d node(s)%s every %s over %s, each read bounded to %d ms",
                nodes.size(), scope == NodeTelemetryScope.ALL ? " of every DC" : " of " + localDc,
                org.metricsstress.config.Parse.format(every), what,
                TimeUnit.NANOSECONDS.toMillis(bound)));
        notes.forEach(n -> lines.add("node telemetry: " + n));
        return new Watching("system_views", notes, lines, session, views, bound, watched);
    }

    /**
     * Reads every node each {@link #every} of a run whose first intended commit is at {@code startNanos}.
     * A fixed rate: readings at times that do not depend on the load, so the share of readings that
     * show a queue estimates the share of the time it lasted (the utilisation law's sampling).
     */
    public void from(long startNanos) {
        if (clock == null) {
            return;
        }
        this.startNanos = startNanos;
        long period = every.toNanos();
        clock.scheduleAtFixedRate(this::tick, Math.max(0, startNanos + period - System.nanoTime()), period,
                TimeUnit.NANOSECONDS);
    }

    static Duration every(StressConfig config) {
        Duration d = config.judging().nodeTelemetryEvery();
        return d == null ? DEFAULT_EVERY : d;
    }

    /**
     * Each reading's bound: 4/5 of the cadence, so a node that does not answer costs one reading and
     * the next starts on time; a second at least, because nodes sharing a loaded machine with their
     * client took up to 800 ms to answer a healthy reading; 5 s at most, so a stopped node never
     * holds the end of a run longer.
     */
    static long boundNanos(Duration every) {
        return Math.max(TimeUnit.SECONDS.toNanos(1), Math.min(every.toNanos() * 4 / 5, TimeUnit.SECONDS.toNanos(5)));
    }

    private static NodeWatch inert(String why) {
        return new NodeWatch(why, null, null);
    }

    /** One reading of every node, at once, each bounded; nothing until the nodes' session is open. */
    private void tick() {
        Watching on = watching;
        if (on == null) {
            return;
        }
        try {
            long t0 = System.nanoTime();
            double at = (t0 - startNanos) / 1e9;
            List<CompletableFuture<SystemViews.Raw>> cql = new ArrayList<>();
            // When each node's reading completed: how long a node takes to tell its own figures is evidence.
            List<long[]> answeredAt = new ArrayList<>();
            for (Watched w : on.watched) {
                long[] when = new long[1];
                answeredAt.add(when);
                cql.add(on.views.read(w.node).whenComplete((raw, error) -> when[0] = System.nanoTime()));
                if (w.jmx != null && (w.jmxUnderWay == null || w.jmxUnderWay.isDone())) {
                    // A JMX reading still under way (a stopped node's call runs to its bound) is not doubled.
                    w.jmxUnderWay = CompletableFuture.supplyAsync(() -> {
                        try {
                            return w.jmx.read();
                        } catch (IOException e) {
                            return null;
                        }
                    }, w.jmxThread);
                }
            }
            // The bound counts the time this process could run: a reading a CPU quota held this
            // client back from is not the node's silence.
            RunnableDeadline deadline = RunnableDeadline.start(Duration.ofNanos(on.boundNanos));
            for (int i = 0; i < on.watched.size(); i++) {
                Watched w = on.watched.get(i);
                SystemViews.Raw raw = null;
                String problem = null;
                double readMs = -1;
                try {
                    raw = deadline.get(cql.get(i));
                    readMs = (answeredAt.get(i)[0] - t0) / 1e6;
                } catch (TimeoutException e) {
                    problem = String.format(Locale.ROOT, "no answer within %d ms",
                            TimeUnit.NANOSECONDS.toMillis(on.boundNanos));
                } catch (ExecutionException e) {
                    problem = CassandraConnector.reason(e.getCause());
                }
                JmxFigures.Raw jmx = null;
                if (w.jmxUnderWay != null) {
                    try {
                        jmx = deadline.get(w.jmxUnderWay);
                    } catch (TimeoutException | ExecutionException e) {
                        // not this interval
                    }
                }
                w.last = w.series.add(t0, at, raw, readMs, problem, jmx);
                if (w.lateSettings != null) {
                    w.lateSettings.poll();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A reading must never end the watch: the next interval tries again.
        }
    }

    /** Each node's latest reading with its data centre, by node ("host:port"); empty before the first. */
    public Map<String, Map.Entry<String, NodeTelemetry.Reading>> latest() {
        Map<String, Map.Entry<String, NodeTelemetry.Reading>> out = new LinkedHashMap<>();
        Watching on = watching;
        if (on == null) {
            return out;
        }
        for (Watched w : on.watched) {
            NodeTelemetry.Reading last = w.last;
            if (last != null) {
                out.put(Coordinators.name(w.node), Map.entry(String.valueOf(w.node.getDatacenter()), last));
            }
        }
        return out;
    }

    /** Stops reading and returns what every node said. */
    public NodeTelemetry finish() {
        if (inertWhy != null) {
            return NodeTelemetry.none(inertWhy);
        }
        Watching on;
        synchronized (this) {
            ended = true;
            on = watching;
        }
        clock.shutdown();
        if (on == null) {
            // Still connecting, or it came to nothing: the run does not wait for it.
            opener.interrupt();
            String why = notOpened;
            return NodeTelemetry.none(why != null ? why
                    : "not read: the nodes' session was not open yet when the run ended");
        }
        try {
            clock.awaitTermination(2 * on.boundNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<NodeTelemetry.Node> nodes = new ArrayList<>();
        List<String> notes = new ArrayList<>(on.notes);
        boolean jmx = false;
        long settingsBy = System.nanoTime() + on.boundNanos;
        for (Watched w : on.watched) {
            if (w.lateSettings != null) {
                // One bound for all late nodes together: a stopped node costs the end one bound.
                w.lateSettings.awaitUntil(settingsBy);
                if (w.lateSettings.read()) {
                    notes.remove(w.lateSettings.note());
                }
            }
            NodeTelemetry.Node node = w.series.result();
            nodes.add(node);
            // A JMX connector that never answered gave no figure: the source says what did.
            jmx |= node.readings().stream().anyMatch(NodeTelemetry.Reading::jmxAnswered);
        }
        return new NodeTelemetry(jmx ? on.source + "+jmx" : on.source, notes, nodes);
    }

    @Override
    public void close() {
        if (inertWhy != null) {
            return;
        }
        Watching on;
        synchronized (this) {
            ended = true;
            on = watching;
        }
        clock.shutdownNow();
        opener.interrupt();
        if (on != null) {
            on.close();
        }
    }
}
