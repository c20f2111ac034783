package org.metricsstress.opennms;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.metricsstress.storage.NullSession;

/**
 * A session that records every request sent, then answers it as the null sink does (prepared
 * statements are prepared there, typed as the Newts schema types them), or fails it with a write
 * timeout when {@link #failWhen} says so, or holds it until {@link #release} when {@link #holdWhen}
 * says so. For the request shapes of the OpenNMS writer model; no cluster anywhere.
 */
final class RecordingSession {
    final List<Statement<?>> sent = new CopyOnWriteArrayList<>();
    final List<CompletableFuture<Object>> held = new CopyOnWriteArrayList<>();
    volatile Predicate<Statement<?>> failWhen = s -> false;
    volatile Predicate<Statement<?>> holdWhen = s -> false;
    /** Thrown from executeAsync itself, before any future exists (a closed session; the JVM out of memory). */
    volatile java.util.function.Function<Statement<?>, Throwable> throwWhen = s -> null;
    final CqlSession session;

    RecordingSession() {
        CqlSession nullSession = NullSession.open();
        this.session = (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
                new Class<?>[] {CqlSession.class}, (proxy, method, args) -> {
                    if (method.getName().equals("executeAsync") && args[0] instanceof Statement<?> s) {
                        sent.add(s);
                        Throwable thrown = throwWhen.apply(s);
                        if (thrown != null) {
                            throw thrown;
                        }
                        if (failWhen.test(s)) {
                            return CompletableFuture.failedFuture(new WriteTimeoutException(null,
                                    com.datastax.oss.driver.api.core.DefaultConsistencyLevel.ONE, 0, 1,
                                    com.datastax.oss.driver.api.core.servererrors.WriteType.UNLOGGED_BATCH));
                        }
                        if (holdWhen.test(s)) {
                            CompletableFuture<Object> f = new CompletableFuture<>();
                            held.add(f);
                            return f;
                        }
                    }
                    try {
                        return method.invoke(nullSession, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** Answers every held request. */
    void release() {
        held.forEach(f -> f.complete(null));
        held.clear();
    }

    void clear() {
        sent.clear();
    }
}
