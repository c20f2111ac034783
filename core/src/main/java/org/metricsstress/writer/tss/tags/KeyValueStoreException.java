package org.metricsstress.writer.tss.tags;

/**
 * A read from the key-value store failed during the run. Unchecked, as the plugin's is: OpenNMS's
 * ring writer catches whatever {@code store()} throws, logs it and drops that batch.
 */
public final class KeyValueStoreException extends RuntimeException {
    public KeyValueStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
