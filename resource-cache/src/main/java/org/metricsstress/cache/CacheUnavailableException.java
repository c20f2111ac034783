package org.metricsstress.cache;

/**
 * The cache cannot be used at start (Redis unreachable, refused our password). Checked, because a
 * run asked for that cache and should stop with this one-line message rather than silently run
 * with every lookup a miss. Once running, a lost Redis no longer raises this: lookups miss instead.
 */
public class CacheUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public CacheUnavailableException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
