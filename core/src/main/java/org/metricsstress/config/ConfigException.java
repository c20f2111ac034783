package org.metricsstress.config;

/**
 * A user mistake in the configuration. The message is one line that says what was wrong and what
 * is allowed; front ends print it as is (no stack trace) and exit with {@code 2}.
 */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message, null, false, false);
    }
}
