package org.metricsstress.cluster;

/**
 * Cleans up after a start the JVM exits in the middle of. Until a start returns, its caller holds
 * no handle and so cannot stop what was started; a Ctrl-C in those seconds would leave an orphan
 * node or container (the JVM halts without running the start's finally blocks). A guard covers
 * exactly that window: a shutdown hook from {@link #install} until {@link #close()}.
 */
public final class ShutdownGuard implements AutoCloseable {
    private final Thread hook;

    private ShutdownGuard(Thread hook) {
        this.hook = hook;
    }

    /** Runs {@code cleanup} if the JVM exits before {@link #close()}. */
    public static ShutdownGuard install(String name, Runnable cleanup) {
        Thread hook = new Thread(cleanup, name);
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            return new ShutdownGuard(hook);
        } catch (IllegalStateException e) {
            // Already shutting down: the start's own failure path cleans up.
            return new ShutdownGuard(null);
        }
    }

    /** The window is over: the caller holds what was started, or the start cleaned up after itself. */
    @Override
    public void close() {
        if (hook == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // Shutting down: the hook is running or will run, and touches only what this start made.
        }
    }
}
