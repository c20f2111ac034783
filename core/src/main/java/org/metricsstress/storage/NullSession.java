package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.detach.AttachmentPoint;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import com.datastax.oss.driver.internal.core.cql.DefaultColumnDefinition;
import com.datastax.oss.driver.internal.core.cql.DefaultColumnDefinitions;
import com.datastax.oss.driver.internal.core.cql.DefaultPreparedStatement;
import com.datastax.oss.driver.internal.core.protocol.ByteBufPrimitiveCodec;
import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Execute;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.RawType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Locale;

/**
 * The session of {@code --sink null}: a {@link CqlSession} that ends just before the network.
 * Statements are prepared locally (the columns typed as the Newts schema types them, so binding
 * costs what it costs against a cluster), and each request is built and encoded into the protocol
 * frame the driver would write to its socket, counted, and answered at once. What it leaves out:
 * the driver's own request path (load balancing, stream ids, Netty's event loop), v5's segment
 * framing and compression, and every byte a node would send back.
 *
 * <p>Everything else a run asks of a session (metadata, schema, reads) has no answer here: the
 * configuration refuses the options that need one, and any other call fails loudly.
 */
public final class NullSession {
    private static final Pattern INSERT = Pattern.compile(
            "INSERT INTO (\\w+)\\.(\\w+) \\(([^)]*)\\) VALUES .*", Pattern.CASE_INSENSITIVE);
    private static final int VERSION = DefaultProtocolVersion.V5.getCode();

    private final LongAdder bytesEncoded = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final AtomicInteger nextId = new AtomicInteger();
    private final FrameCodec<ByteBuf> frames = FrameCodec.defaultClient(
            new ByteBufPrimitiveCodec(PooledByteBufAllocator.DEFAULT), Compressor.none());
    private final CqlSession session;

    private NullSession() {
        this.session = (CqlSession) Proxy.newProxyInstance(PROXY_LOADER,
                new Class<?>[] {CqlSession.class, Bytes.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "prepare" -> prepare(args[0] instanceof SimpleStatement s ? s.getQuery() : (String) args[0]);
                    case "executeAsync" -> executeAsync((Statement<?>) args[0]);
                    case "getMetadata" -> NO_CLUSTER;
                    case "getName" -> "metrics-stress (null sink)";
                    case "getKeyspace", "getMetrics" -> Optional.empty();
                    case "close" -> null;
                    case "closeAsync", "forceCloseAsync" -> CompletableFuture.completedFuture(null);
                    case "isClosed" -> false;
                    case "bytesSent" -> bytesEncoded.sum();
                    case "requestsSent" -> requests.sum();
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "NullSession";
                    default -> throw new UnsupportedOperationException("--sink null: no cluster to answer " + method.getName());
                });
    }

    /**
     * Sees the driver's types and {@link Bytes}: in OSGi (Karaf) the driver's bundle cannot see ours,
     * and ours does not import every driver package CqlSession's methods name. In the jar both are one.
     */
    private static final ClassLoader PROXY_LOADER = new ClassLoader(CqlSession.class.getClassLoader()) {
        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            return NullSession.class.getClassLoader().loadClass(name);
        }
    };

    /** A session that sends nothing; {@link #bytesSent} reads what it encoded. */
    public static CqlSession open() {
        return new NullSession().session;
    }

    /** What a null session has encoded, in protocol-frame bytes; -1 for any other session. */
    public static long bytesSent(CqlSession session) {
        return session instanceof Bytes b ? b.bytesSent() : -1;
    }

    /** The counters a null session answers besides the session's own methods. */
    public interface Bytes {
        long bytesSent();

        long requestsSent();
    }

    /** One node-less cluster: no token map, so requests are not grouped by replicas. */
    private static final Metadata NO_CLUSTER = (Metadata) Proxy.newProxyInstance(Metadata.class.getClassLoader(),
            new Class<?>[] {Metadata.class}, (proxy, method, args) -> switch (method.getName()) {
                case "getNodes", "getKeyspaces" -> Map.of();
                case "getTokenMap", "getKeyspace" -> Optional.empty();
                case "getClusterName" -> Optional.of("none (--sink null)");
                case "hashCode" -> 0;
                case "equals" -> proxy == args[0];
                case "toString" -> "no cluster (--sink null)";
                default -> throw new UnsupportedOperationException("--sink null: no cluster metadata");
            });

    private PreparedStatement prepare(String cql) {
        Matcher m = INSERT.matcher(cql.trim());
        if (!m.matches()) {
            throw new UnsupportedOperationException("--sink null prepares only the pipeline's INSERTs, not: " + cql);
        }
        String keyspace = m.group(1);
        String table = m.group(2);
        List<ColumnDefinition> columns = new ArrayList<>();
        for (String column : m.group(3).split(",")) {
            String name = column.trim();
            columns.add(column(keyspace, table, name, columns.size(), typeOf(table, name)));
        }
        if (cql.toUpperCase(Locale.ROOT).contains("USING TTL ?")) {
            columns.add(column(keyspace, table, "[ttl]", columns.size(), ProtocolConstants.DataType.INT));
        }
        ByteBuffer id = ByteBuffer.allocate(16).putInt(0, nextId.incrementAndGet());
        return new DefaultPreparedStatement(id, cql, DefaultColumnDefinitions.valueOf(columns), List.of(),
                null, DefaultColumnDefinitions.valueOf(List.of()), CqlIdentifier.fromInternal(keyspace),
                Map.of(), null, null, null, null, null, Map.of(), null, null, null, -1, null, null, false,
                CodecRegistry.DEFAULT, DefaultProtocolVersion.V5);
    }

    /** The Newts schema's column types ({@link NewtsSchema}): what the driver's codecs check a bound value against. */
    private static int typeOf(String table, String column) {
        return switch (column) {
            case "partition" -> ProtocolConstants.DataType.INT;
            case "collected_at" -> ProtocolConstants.DataType.TIMESTAMP;
            case "value" -> table.equals("samples") ? ProtocolConstants.DataType.BLOB : ProtocolConstants.DataType.VARCHAR;
            default -> ProtocolConstants.DataType.VARCHAR;
        };
    }

    private static ColumnDefinition column(String keyspace, String table, String name, int index, int type) {
        return new DefaultColumnDefinition(new ColumnSpec(keyspace, table, name, index, RawType.PRIMITIVES.get(type)),
                AttachmentPoint.NONE);
    }

    /** Encodes the request as the frame the driver would write, counts its bytes, and answers it. */
    private CompletableFuture<Object> executeAsync(Statement<?> statement) {
        Message message = statement instanceof BatchStatement batch ? batch(batch)
                : statement instanceof SimpleStatement simple ? query(simple) : execute((BoundStatement) statement);
        ByteBuf frame = frames.encode(Frame.forRequest(VERSION, 0, false, Frame.NO_PAYLOAD, message));
        try {
            bytesEncoded.add(frame.readableBytes());
        } finally {
            frame.release();
        }
        requests.increment();
        return CompletableFuture.completedFuture(null);
    }

    private static final byte[] NO_RESULT_METADATA_ID = new byte[16];

    private static Message execute(BoundStatement bound) {
        // Protocol v5 carries the result metadata id of a prepared statement beside its id.
        return new Execute(bytes(bound.getPreparedStatement().getId()), NO_RESULT_METADATA_ID, new QueryOptions(0, consistency(bound),
                bound.getValues(), Collections.emptyMap(), true, -1, null, ProtocolConstants.ConsistencyLevel.SERIAL,
                Long.MIN_VALUE, null, Integer.MIN_VALUE));
    }

    /** A literal statement (the OpenNMS writer's): its text goes as is. */
    private static Message query(SimpleStatement simple) {
        return new Query(simple.getQuery(), new QueryOptions(0, consistency(simple), List.of(), Collections.emptyMap(),
                false, -1, null, ProtocolConstants.ConsistencyLevel.SERIAL, Long.MIN_VALUE, null, Integer.MIN_VALUE));
    }

    private static Message batch(BatchStatement batch) {
        List<Object> ids = new ArrayList<>(batch.size());
        List<List<ByteBuffer>> values = new ArrayList<>(batch.size());
        for (BatchableStatement<?> s : batch) {
            if (s instanceof SimpleStatement simple) {
                ids.add(simple.getQuery());
                values.add(List.of());
                continue;
            }
            BoundStatement bound = (BoundStatement) s;
            ids.add(bytes(bound.getPreparedStatement().getId()));
            values.add(bound.getValues());
        }
        return new Batch((byte) ProtocolConstants.BatchType.UNLOGGED, ids, values, consistency(batch),
                ProtocolConstants.ConsistencyLevel.SERIAL, Long.MIN_VALUE, null, Integer.MIN_VALUE);
    }

    private static int consistency(Statement<?> s) {
        return s.getConsistencyLevel() == null ? ProtocolConstants.ConsistencyLevel.LOCAL_ONE
                : s.getConsistencyLevel().getProtocolCode();
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
