package org.metricsstress.writer.tss.tags;

import java.net.ConnectException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.metricsstress.failure.ClusterException;

/**
 * OpenNMS's JSON key-value store in PostgreSQL ({@code PostgresJsonStore}), as the plugin meets it:
 * the table {@value #TABLE} as OpenNMS creates it (created here if absent), a read per cache miss
 * and an upsert per new series.
 *
 * <p>Reads: {@code SELECT value, expires_at ... WHERE key = ? AND context = ?} (an expired record
 * counts as none), on a connection of the calling writer thread's own, opened at its first read and
 * kept, as a pool would hand each of 16 threads one; its statement is prepared once (OpenNMS
 * prepares per call, which the driver's statement cache makes the same server-side statement after
 * a few uses). Autocommit, one round trip per read.
 *
 * <p>Writes: OpenNMS's upsert ({@code INSERT ... ON CONFLICT ON CONSTRAINT pk_kvstore_jsonb DO
 * UPDATE}, no expiry), queued (bounded, {@value #QUEUE} puts) and written by ONE background thread
 * with a connection of its own, up to {@value #BATCH} per JDBC batch. OpenNMS runs each async put
 * as its own statement on an executor; batching keeps this writer from being the limit, and puts
 * happen once per new series, not per sample. A full queue refuses the put at once and counts it
 * as {@code extTagPutTransactionFailed}, as does a batch that fails: the writer threads never wait.
 *
 * <p>Call {@link #close()} after the writer threads are done: it writes the queued puts, ends the
 * thread and closes every connection.
 */
public final class PostgresKeyValueStore implements KeyValueStore {
    static final String TABLE = "kvstore_jsonb";
    static final int QUEUE = 65_536;
    static final int BATCH = 256;
    private static final int CONNECT_SECONDS = 5;

    private static final String CREATE = "CREATE TABLE IF NOT EXISTS " + TABLE + " (key text NOT NULL,"
            + " context text NOT NULL, last_updated timestamp NOT NULL, expires_at timestamp,"
            + " value jsonb NOT NULL, CONSTRAINT pk_kvstore_jsonb PRIMARY KEY (key, context))";
    private static final String SELECT = "SELECT value, expires_at FROM " + TABLE + " WHERE key = ? AND context = ?";
    private static final String UPSERT = "INSERT INTO " + TABLE + " (key, context, last_updated, expires_at, value)"
            + " VALUES (?, ?, ?, NULL, ?::jsonb) ON CONFLICT ON CONSTRAINT pk_kvstore_jsonb"
            + " DO UPDATE SET last_updated = EXCLUDED.last_updated, expires_at = NULL, value = EXCLUDED.value";
    private static final String PRELOAD = "SELECT key FROM " + TABLE
            + " WHERE context = ? AND (expires_at IS NULL OR expires_at > now()) LIMIT ?";

    private final StoreAddress address;
    private final Properties credentials;
    private final ThreadLocal<Reader> readers = new ThreadLocal<>();
    private final ConcurrentLinkedQueue<Reader> allReaders = new ConcurrentLinkedQueue<>();
    private final BlockingQueue<Put> puts = new ArrayBlockingQueue<>(QUEUE);
    /** Puts the queue refused (full, or the store closed). */
    private final LongAdder putsRefused = new LongAdder();
    /** Queued puts whose write failed. */
    private final LongAdder writesFailed = new LongAdder();
    private final LongAdder putsWritten = new LongAdder();
    private final LongAdder putsQueued = new LongAdder();
    private final Connection putConnection;
    private final Thread putThread;
    private volatile boolean closed;

    private PostgresKeyValueStore(StoreAddress address, Properties credentials, Connection putConnection) {
        this.address = address;
        this.credentials = credentials;
        this.putConnection = putConnection;
        this.putThread = new Thread(this::writePuts, "tss-external-tags-put");
        putThread.setDaemon(true);
        putThread.start();
    }

    /**
     * Connects to {@code url} ({@link StoreAddress}), creates the table if absent and starts the put
     * thread. A store that cannot be used is a {@link ClusterException} with one line naming its
     * address; a malformed URL an {@link IllegalArgumentException}.
     *
     * @param password the user's password (the configuration's, from {@value StoreAddress#PASSWORD_VARIABLE}),
     *                 or null for none
     */
    public static PostgresKeyValueStore open(String url, String password) throws ClusterException {
        StoreAddress address = StoreAddress.parse(url);
        Properties credentials = new Properties();
        if (address.user() != null) {
            credentials.setProperty("user", address.user());
        }
        if (password != null) {
            credentials.setProperty("password", password);
        }
        credentials.setProperty("connectTimeout", String.valueOf(CONNECT_SECONDS));
        credentials.setProperty("ApplicationName", "metrics-stress");
        Connection c = null;
        try {
            c = connect(address, credentials);
            try (Statement s = c.createStatement()) {
                s.execute(CREATE);
            }
            return new PostgresKeyValueStore(address, credentials, c);
        } catch (SQLException e) {
            closeQuietly(c);
            throw unusable(address, e);
        }
    }

    @Override
    public String get(String context, CharSequence key) {
        Reader r = readers.get();
        try {
            if (r == null) {
                r = Reader.open(address, credentials);
                readers.set(r);
                allReaders.add(r);
            }
            r.select.setString(1, key.toString());
            r.select.setString(2, context);
            try (ResultSet rs = r.select.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                Timestamp expiresAt = rs.getTimestamp(2);
                return expiresAt != null && expiresAt.getTime() < System.currentTimeMillis() ? null : rs.getString(1);
            }
        } catch (SQLException e) {
            if (r != null) {
                // A broken connection is not kept: the thread's next read opens another, as a pool would.
                readers.remove();
                allReaders.remove(r);
                closeQuietly(r.connection);
            }
            throw new KeyValueStoreException(StoreAddress.OPTION + ": a read from " + address.hostPort()
                    + " failed: " + firstLine(e), e);
        }
    }

    @Override
    public void putAsync(String context, CharSequence key, String json) {
        if (closed || !puts.offer(new Put(context, key.toString(), json))) {
            putsRefused.increment();
        } else {
            putsQueued.increment();
        }
    }

    @Override
    public List<String> preload(String context, int limit) {
        List<String> keys = new ArrayList<>();
        if (limit <= 0) {
            return keys;
        }
        try (Connection c = connect(address, credentials); PreparedStatement s = c.prepareStatement(PRELOAD)) {
            s.setString(1, context);
            s.setInt(2, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
            return keys;
        } catch (SQLException e) {
            throw new KeyValueStoreException(StoreAddress.OPTION + ": reading " + context + " from "
                    + address.hostPort() + " failed: " + firstLine(e), e);
        }
    }

    @Override
    public long putsFailed() {
        return putsRefused.sum() + writesFailed.sum();
    }

    /** Puts written to the table. */
    public long putsWritten() {
        return putsWritten.sum();
    }

    /**
     * Waits until every put queued so far is written (or failed), up to {@code timeoutMillis}; true
     * when none is left. Polls: for tests and the end of a run, not the sample path.
     */
    public boolean awaitPuts(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (putsWritten.sum() + writesFailed.sum() < putsQueued.sum() && putThread.isAlive()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return putsWritten.sum() + writesFailed.sum() >= putsQueued.sum();
    }

    public StoreAddress address() {
        return address;
    }

    @Override
    public void close() {
        closed = true;
        try {
            putThread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (putThread.isAlive()) {
            putThread.interrupt();
        }
        for (Reader r; (r = allReaders.poll()) != null; ) {
            closeQuietly(r.connection);
        }
        closeQuietly(putConnection);
    }

    private void writePuts() {
        List<Put> batch = new ArrayList<>(BATCH);
        try (PreparedStatement upsert = putConnection.prepareStatement(UPSERT)) {
            while (!(closed && puts.isEmpty())) {
                Put first = puts.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                puts.drainTo(batch, BATCH - 1);
                write(upsert, batch);
                batch.clear();
            }
        } catch (SQLException e) {
            // The put connection is gone: every put from now on is a failed transaction.
            writesFailed.add(puts.size());
            puts.clear();
            closed = true;
        } catch (InterruptedException e) {
            writesFailed.add(puts.size() + batch.size());
        }
    }

    private void write(PreparedStatement upsert, List<Put> batch) {
        try {
            Timestamp now = new Timestamp(System.currentTimeMillis());
            for (Put p : batch) {
                upsert.setString(1, p.key);
                upsert.setString(2, p.context);
                upsert.setTimestamp(3, now);
                upsert.setString(4, p.json);
                upsert.addBatch();
            }
            upsert.executeBatch();
            putsWritten.add(batch.size());
        } catch (SQLException e) {
            writesFailed.add(batch.size());
            try {
                upsert.clearBatch();
            } catch (SQLException ignored) {
                // The next batch fails too, and is counted.
            }
        }
    }

    private static Connection connect(StoreAddress address, Properties credentials) throws SQLException {
        // The driver class directly, not DriverManager: under OSGi the manager does not see other bundles' drivers.
        Connection c = new org.postgresql.Driver().connect(address.jdbcUrl(), credentials);
        if (c == null) {
            throw new SQLException("the driver does not take " + address.hostPort());
        }
        c.setAutoCommit(true);
        return c;
    }

    private static ClusterException unusable(StoreAddress address, SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return new ClusterException(StoreAddress.OPTION + ": nothing answers at " + address.hostPort());
            }
        }
        return new ClusterException(StoreAddress.OPTION + ": " + address.hostPort() + ": " + firstLine(e));
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // Closing: nothing more to do with it.
            }
        }
    }

    /** A writer thread's own connection and its prepared read. */
    private static final class Reader {
        final Connection connection;
        final PreparedStatement select;

        private Reader(Connection connection, PreparedStatement select) {
            this.connection = connection;
            this.select = select;
        }

        static Reader open(StoreAddress address, Properties credentials) throws SQLException {
            Connection c = connect(address, credentials);
            try {
                return new Reader(c, c.prepareStatement(SELECT));
            } catch (SQLException e) {
                closeQuietly(c);
                throw e;
            }
        }
    }

    private record Put(String context, String key, String json) {
    }
}
