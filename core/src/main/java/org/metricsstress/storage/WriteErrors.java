package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.metricsstress.metrics.ErrorClass;

/** Sorts driver failures into the classes the report shows. */
public final class WriteErrors {
    private WriteErrors() {}

    public static ErrorClass classify(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof DriverTimeoutException || t instanceof WriteTimeoutException) {
            return ErrorClass.TIMEOUT;
        }
        if (t instanceof UnavailableException) {
            return ErrorClass.UNAVAILABLE;
        }
        if (t instanceof OverloadedException) {
            return ErrorClass.OVERLOADED;
        }
        if (t instanceof NodeUnavailableException busy && busy.getNode().getOpenConnections() > 0) {
            // The driver found no connection of the node with a free stream id. With connections
            // open, every one of them was carrying its max-requests-per-connection: the pool is too
            // small for what is in flight. With none open the node itself was out of reach: other.
            return ErrorClass.POOL;
        }
        if (t instanceof AllNodesFailedException all) {
            // The driver tried every node; the first node's first error says why.
            for (Map.Entry<?, List<Throwable>> e : all.getAllErrors().entrySet()) {
                if (!e.getValue().isEmpty()) {
                    return classify(e.getValue().get(0));
                }
            }
        }
        return ErrorClass.OTHER;
    }

    /** A one-line description of a failure for the user. */
    public static String describe(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m == null) {
            return t.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        return (nl >= 0 ? m.substring(0, nl) : m).trim();
    }
}
