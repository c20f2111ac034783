package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * Where a partition lives: its token and its replicas, from the driver's token map. Requests are
 * gathered per replica set and routed on a token of theirs, so the coordinator the token-aware
 * load balancer picks holds every partition of the request. On one node (or before the driver
 * knows the ring) there is nothing to choose, and {@link #token} says so with null.
 */
public final class ReplicaSets {
    private final CqlSession session;
    private final CqlIdentifier keyspace;

    public ReplicaSets(CqlSession session, String keyspace) {
        this.session = session;
        this.keyspace = CqlIdentifier.fromInternal(keyspace);
    }

    /**
     * The token of the partition whose key components are {@code key} (each encoded as its
     * column), or null when the cluster has one node or no token map yet. Reads the buffers'
     * contents without moving them.
     */
    public Token token(ByteBuffer... key) {
        Metadata md = session.getMetadata();
        if (md.getNodes().size() <= 1) {
            return null;
        }
        TokenMap tokens = md.getTokenMap().orElse(null);
        if (tokens == null) {
            return null;
        }
        // The varargs array is the caller's own, fresh at each call: it can hold the duplicates.
        for (int i = 0; i < key.length; i++) {
            key[i] = key[i].duplicate();
        }
        return tokens.newToken(key);
    }

    /**
     * The replicas of {@code token}'s partition: the driver hands out one shared set per token
     * range, so the set serves as a cheap map key. Empty when unknown.
     */
    public Set<Node> of(Token token) {
        TokenMap tokens = session.getMetadata().getTokenMap().orElse(null);
        return tokens == null ? Set.of() : tokens.getReplicas(keyspace, token);
    }
}
