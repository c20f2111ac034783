package org.metricsstress.storage;

import org.metricsstress.failure.ClusterException;
import org.metricsstress.metrics.CpuThrottling;
import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.config.Compression;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Sink;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import java.net.URL;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * Opens the driver session and puts the schema in place. All driver settings are made here,
 * programmatically, so no {@code application.conf} on the classpath can change a run behind the
 * user's back.
 */
public final class CassandraConnector {
    private static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(60);
    /** Netty's quiet period at a session's close, in ms (the driver's: 2 s). */
    static final int QUIET_PERIOD_MS = 200;
    /** The longest a session's close waits for its event loops, in ms (the driver's 15 s). */
    static final int SHUTDOWN_TIMEOUT_MS = 15_000;

    /**
     * A session that closes in {@link #QUIET_PERIOD_MS}: its requests are settled before it closes,
     * and Netty's quiet period (2 s for each event-loop group by default) would only add 2 s to the
     * end of every run. Not 0: a listener a connection's close notifies a moment later is then
     * refused, and Netty logs it as an ERROR with its stack trace. For every session this project
     * opens, the tool's and the local clusters' and tests' own.
     */
    public static ProgrammaticDriverConfigLoaderBuilder closeQuickly(ProgrammaticDriverConfigLoaderBuilder cfg) {
        return cfg.withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, QUIET_PERIOD_MS)
                .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_TIMEOUT, SHUTDOWN_TIMEOUT_MS)
                .withString(DefaultDriverOption.NETTY_IO_SHUTDOWN_UNIT, "MILLISECONDS")
                .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, QUIET_PERIOD_MS)
                .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_TIMEOUT, SHUTDOWN_TIMEOUT_MS)
                .withString(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_UNIT, "MILLISECONDS");
    }
    /**
     * The driver answers a DDL statement only after refreshing its schema metadata, and it gathers
     * refreshes for its debouncer window (1 s by default) first: the five statements of the Newts
     * schema cost five windows. A window of 10 ms took the time from the start to "connected" from
     * 8.4 s to 3.9 s on a fresh keyspace (the jar with --embedded, a 2-core machine under load).
     */
    private static final Duration SCHEMA_REFRESH_WINDOW = Duration.ofMillis(10);

    private CassandraConnector() {}

    /** Connects within {@code connectTimeout} or fails with a message naming the contact points. */
    public static CqlSession connect(StressConfig c) throws ClusterException {
        return connect(c, c.cluster().localDc());
    }

    /**
     * A session whose local data centre is {@code localDc} (null: inferred from the contact
     * points): LOCAL_* consistency levels then mean that DC, as --freshness-dc needs.
     */
    public static CqlSession connect(StressConfig c, String localDc) throws ClusterException {
        if (!c.cassandraSide()) {
            return NullSession.open();
        }
        ClassLoader loader = driverLoader();
        return connect(c, localDc, loader, driverConfig(c, localDc, loader).build());
    }

    /**
     * A small session of its own for reading the nodes' figures beside a run ({@code nodes}): one
     * connection per node, every request bounded by {@code requestTimeout}, no retries. Apart from
     * the run's session so that a run whose own pool is exhausted (the driver's "no connection was
     * available") cannot make a healthy node look silent. With {@code everyDc} it connects to the
     * remote DCs' nodes too, which a run's session leaves alone.
     */
    public static CqlSession connectForNodes(StressConfig c, boolean everyDc, Duration requestTimeout)
            throws ClusterException {
        return connectBeside(c, "metrics-stress-nodes", everyDc, requestTimeout, false);
    }

    /**
     * A session of its own for the schema's statements when the run's pool is smaller than
     * {@link #SETUP_POOL}: after a DDL statement the driver refreshes its schema over the control
     * connection, a dozen queries at once within the same max-requests-per-connection, and a DDL
     * through a pool of 4 then timed out after a minute on a loaded machine. Null: the run's own
     * session has room enough.
     */
    public static CqlSession connectForSchema(StressConfig c) throws ClusterException {
        return c.cluster().maxRequestsPerConnection() >= SETUP_POOL ? null
                : connectBeside(c, "metrics-stress-schema", false, SCHEMA_TIMEOUT, true);
    }

    /** Requests a connection carries at least for the schema's statements to share the run's session. */
    static final int SETUP_POOL = 64;

    /**
     * {@code schema}: whether the session keeps the driver's schema metadata and token map. The nodes'
     * session routes each statement to its node by hand and needs neither; without them its connect
     * does not read and parse every keyspace's tables again (a node with hundreds of tables, as on a
     * shared test node, made that the larger part of its cost).
     */
    private static CqlSession connectBeside(StressConfig c, String name, boolean everyDc, Duration requestTimeout,
            boolean schema) throws ClusterException {
        ClassLoader loader = driverLoader();
        ProgrammaticDriverConfigLoaderBuilder cfg = driverConfig(c, c.cluster().localDc(), loader)
                .withString(DefaultDriverOption.SESSION_NAME, name)
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, requestTimeout)
                .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, 1)
                .withInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE, 1)
                .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 1024)
                .withString(DefaultDriverOption.RETRY_POLICY_CLASS, "DefaultRetryPolicy")
                .withString(DefaultDriverOption.SPECULATIVE_EXECUTION_POLICY_CLASS, "NoSpeculativeExecutionPolicy")
                .withStringList(DefaultDriverOption.METRICS_NODE_ENABLED, List.of())
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "ONE");
        if (!schema) {
            cfg.withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
                    .withBoolean(DefaultDriverOption.METADATA_TOKEN_MAP_ENABLED, false);
        }
        if (everyDc) {
            cfg.withInt(DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_MAX_NODES_PER_REMOTE_DC, 1_000);
        }
        return connect(c, c.cluster().localDc(), loader, cfg.build());
    }

    private static CqlSession connect(StressConfig c, String localDc, ClassLoader loader, DriverConfigLoader config)
            throws ClusterException {
        CqlSessionBuilder b = CqlSession.builder().withClassLoader(loader).withConfigLoader(config);
        for (ContactPoint p : c.cluster().contactPoints()) {
            b.addContactPoint(new InetSocketAddress(p.host(), p.port()));
        }
        if (localDc != null) {
            b.withLocalDatacenter(localDc);
        }
        if (c.cluster().username() != null) {
            b.withAuthCredentials(c.cluster().username(), c.cluster().password() == null ? "" : c.cluster().password());
        }
        String where = c.cluster().contactPoints().stream().map(ContactPoint::toString).collect(Collectors.joining(","));
        // The driver's buildAsync() clears the calling thread's interrupt flag (seen with 4.19.2), so
        // a Ctrl-C in the first second would be lost and the run never end. Started from a thread of
        // its own, the build leaves the caller's flag alone and the wait below still sees it.
        RunnableDeadline deadline = RunnableDeadline.start(c.cluster().connectTimeout());
        CompletableFuture<CqlSession> pending = new CompletableFuture<>();
        Thread starter = new Thread(() -> {
            try {
                b.buildAsync().whenComplete((session, error) -> {
                    if (error != null) {
                        pending.completeExceptionally(error);
                    } else {
                        pending.complete(session);
                    }
                });
            } catch (RuntimeException e) {
                pending.completeExceptionally(e);
            }
        }, "metrics-stress-connect");
        starter.setDaemon(true);
        starter.start();
        try {
            return deadline.get(pending);
        } catch (TimeoutException e) {
            pending.thenAccept(CqlSession::closeAsync); // if it connects after all, let it go
            throw new ClusterException("cannot connect to Cassandra at " + where + ": no answer within "
                    + e.getMessage());
        } catch (ExecutionException e) {
            if (nothingListens(c.cluster().contactPoints())) {
                throw ClusterException.nothingAnswers(where);
            }
            String why = reason(e.getCause());
            throw new ClusterException("cannot connect to Cassandra at " + where + ": " + why + tlsHint(c, why));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.thenAccept(CqlSession::closeAsync);
            throw new ClusterException("interrupted while connecting to Cassandra at " + where);
        }
    }

    /**
     * The driver's whole configuration for a run: made here, programmatically, over the driver's
     * reference.conf or a --driver-config file.
     */
    static ProgrammaticDriverConfigLoaderBuilder driverConfig(StressConfig c, String localDc, ClassLoader loader) {
        Duration driverWait = driverWait(c.cluster().connectTimeout(), CpuThrottling.ofThisProcess().quotaCores());
        ProgrammaticDriverConfigLoaderBuilder cfg = DriverSettings.builder(c, loader)
                .withString(DefaultDriverOption.SESSION_NAME, "metrics-stress")
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, c.cluster().requestTimeout())
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, driverWait)
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, driverWait)
                .withDuration(DefaultDriverOption.CONNECTION_SET_KEYSPACE_TIMEOUT, driverWait)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, driverWait)
                .withDuration(DefaultDriverOption.HEARTBEAT_TIMEOUT, driverWait)
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, SCHEMA_TIMEOUT)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, SCHEMA_TIMEOUT)
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, SCHEMA_REFRESH_WINDOW)
                .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, c.cluster().connectionsPerHost())
                .withInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE, c.cluster().connectionsPerHost())
                .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, c.cluster().maxRequestsPerConnection())
                .withBoolean(DefaultDriverOption.REQUEST_WARN_IF_SET_KEYSPACE, false)
                // Bytes on the wire and the driver's own retries per node, for the run's figures.
                .withStringList(DefaultDriverOption.METRICS_NODE_ENABLED, DriverNodeCounters.NODE_METRICS);
        closeQuickly(cfg);
        DriverSettings.retriesAndOrphans(c, cfg);
        if (c.cluster().compression() != Compression.NONE) {
            cfg.withString(DefaultDriverOption.PROTOCOL_COMPRESSION, c.cluster().compression().name().toLowerCase(Locale.ROOT));
            if (c.cluster().compression() == Compression.SNAPPY) {
                // Protocol v5 dropped snappy; v4 still has it.
                cfg.withString(DefaultDriverOption.PROTOCOL_VERSION, "V4");
            }
        }
        if (c.cluster().speculativeDelay() != null) {
            cfg.withString(DefaultDriverOption.SPECULATIVE_EXECUTION_POLICY_CLASS, "ConstantSpeculativeExecutionPolicy")
                    .withInt(DefaultDriverOption.SPECULATIVE_EXECUTION_MAX, 2)
                    .withDuration(DefaultDriverOption.SPECULATIVE_EXECUTION_DELAY, c.cluster().speculativeDelay());
        }
        if (localDc == null) {
            cfg.withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
        }
        if (c.cluster().ssl()) {
            cfg.withString(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS, "DefaultSslEngineFactory")
                    .withBoolean(DefaultDriverOption.SSL_HOSTNAME_VALIDATION, true);
            if (c.cluster().truststore() != null) {
                cfg.withString(DefaultDriverOption.SSL_TRUSTSTORE_PATH, c.cluster().truststore().toAbsolutePath().toString());
                if (c.cluster().truststorePassword() != null) {
                    cfg.withString(DefaultDriverOption.SSL_TRUSTSTORE_PASSWORD, c.cluster().truststorePassword());
                }
            }
            if (c.cluster().keystore() != null) {
                cfg.withString(DefaultDriverOption.SSL_KEYSTORE_PATH, c.cluster().keystore().toAbsolutePath().toString());
                if (c.cluster().keystorePassword() != null) {
                    cfg.withString(DefaultDriverOption.SSL_KEYSTORE_PASSWORD, c.cluster().keystorePassword());
                }
            }
        }
        return cfg;
    }

    /** The driver's own waits while connecting, before a CPU quota stretches them: its 5 s, or a shorter --connect-timeout. */
    static final Duration DRIVER_WAIT = Duration.ofSeconds(5);

    /**
     * The driver's own waits (a TCP connect, the init queries and USE, its control connection's
     * queries, a heartbeat's answer): {@link #DRIVER_WAIT} stretched by how much slower a CPU quota of
     * less than a core makes this process, at most {@link RunnableDeadline#WALL_CAP_FACTOR} times. They
     * run on the driver's timer, by the wall clock, and at 15 % of a core its first init queries (the
     * classes of its protocol loaded and compiled then) outlast 5 s. Not the whole connect bound: the
     * driver tries the contact points one after another, and a silent one must leave time for the next.
     */
    static Duration driverWait(Duration connectTimeout, double quotaCores) {
        Duration base = min(connectTimeout, DRIVER_WAIT);
        double stretch = quotaCores >= 1 ? 1 : Math.min(RunnableDeadline.WALL_CAP_FACTOR, 1 / quotaCores);
        return Duration.ofMillis(Math.round(base.toMillis() * stretch));
    }

    /** The driver's own class loader (inside OSGi the thread's context loader cannot see its classes), and ours after it for the policies we give it by name. */
    static ClassLoader driverLoader() {
        return new DriverThenOurs(CqlSession.class.getClassLoader(), CassandraConnector.class.getClassLoader());
    }

    /** How long the probe of a contact point waits for its connection to be accepted. */
    private static final int PROBE_MS = 1_000;

    /**
     * Whether no contact point accepts a TCP connection. The driver reports a refused connection as
     * "Protocol initialization request, step 1 (OPTIONS): failed to send request
     * (StacklessClosedChannelException)", the words it also has for a node that accepted and then
     * closed (one that wants TLS): only a connection of our own tells the two apart.
     */
    static boolean nothingListens(List<ContactPoint> points) {
        for (ContactPoint p : points) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(p.host(), p.port()), PROBE_MS);
                return false;
            } catch (IOException e) {
                // refused, unreachable or silent: nothing answers at this one
            }
        }
        return true;
    }

    /**
     * A node that hangs up during the handshake gives the driver no reason; the usual ones are a
     * TLS mismatch, which the user can fix with an option.
     */
    static String tlsHint(StressConfig c, String why) {
        if (!why.contains("Unexpected error on channel") && !why.contains("ClosedConnectionException")) {
            return "";
        }
        if (!c.cluster().ssl()) {
            return " (the node closed the connection at once: does the cluster require TLS? see --ssl, --truststore)";
        }
        if (c.cluster().keystore() == null) {
            return " (the node closed the connection during the TLS handshake: does it require a client certificate?"
                    + " see --keystore)";
        }
        return "";
    }

    /** The data centre of the node answering, which is the local one for the load balancer. */
    public static String localDatacenter(CqlSession session) {
        Row row = session.execute("SELECT data_center FROM system.local").one();
        return row == null ? null : row.getString(0);
    }

    /**
     * Creates what is missing of the schema. Returns the keyspace's replication as the cluster has
     * it, which differs from {@code wanted} when the keyspace already existed.
     */
    public static Map<String, String> applySchema(CqlSession session, String keyspace, Replication wanted,
            Duration twcsWindow, Duration gcGrace) throws ClusterException {
        for (String cql : NewtsSchema.statements(keyspace, wanted.toCql(), twcsWindow, gcGrace)) {
            try {
                session.execute(SimpleStatement.newInstance(cql).setTimeout(SCHEMA_TIMEOUT));
            } catch (RuntimeException e) {
                String first = cql.lines().findFirst().orElse(cql);
                throw new ClusterException("schema: '" + first + "' failed: " + reason(e));
            }
        }
        // Through the pool, not the driver's control connection: see SchemaAgreement.
        SchemaAgreement.await(session, SCHEMA_TIMEOUT);
        return replication(session, keyspace);
    }

    /**
     * The keyspace's replication as the cluster has it, read through the pool: the driver's own
     * metadata lacks the keyspace when its refresh found the control connection busy (its stream ids
     * are max-requests-per-connection too), and the header said "replication {}".
     */
    static Map<String, String> replication(CqlSession session, String keyspace) {
        Row row = session.execute(SimpleStatement.newInstance(
                "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?",
                CqlIdentifier.fromCql(keyspace).asInternal())).one();
        return row == null ? Map.of() : row.getMap("replication", String.class, String.class);
    }

    /** One line on why a driver call failed: per node when every node was tried. */
    public static String reason(Throwable t) {
        if (t instanceof AllNodesFailedException all && !all.getAllErrors().isEmpty()) {
            List<String> parts = all.getAllErrors().entrySet().stream()
                    .map(e -> e.getKey().getEndPoint() + " " + (e.getValue().isEmpty() ? "failed"
                            : WriteErrors.describe(e.getValue().get(0))))
                    .collect(Collectors.toList());
            return String.join("; ", parts);
        }
        return WriteErrors.describe(t);
    }

    /**
     * Loads from the driver's class loader first, then from ours: the driver instantiates policies
     * by class name, and inside OSGi only our bundle sees {@link NoDriverRetries}.
     */
    private static final class DriverThenOurs extends ClassLoader {
        private final ClassLoader ours;

        DriverThenOurs(ClassLoader driver, ClassLoader ours) {
            super(driver);
            this.ours = ours;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            return ours.loadClass(name);
        }

        @Override
        protected URL findResource(String name) {
            return ours.getResource(name);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
