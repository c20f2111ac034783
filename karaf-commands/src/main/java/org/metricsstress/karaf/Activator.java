package org.metricsstress.karaf;

import org.apache.karaf.shell.api.console.CommandLoggingFilter;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Puts {@code metrics:stress} into Karaf's shell while the bundle is active.
 *
 * <p>Karaf's command extender ({@code Karaf-Commands} header) only registers annotated Actions, so
 * this raw {@link org.apache.karaf.shell.api.console.Command} goes into the registry of the shell's
 * {@link SessionFactory} service directly, the way Karaf adds Gogo functions to it.
 */
public final class Activator implements BundleActivator {
    private final OneRunAtATime runs = new OneRunAtATime();
    private ServiceTracker<SessionFactory, SessionFactory> shells;
    private ServiceRegistration<CommandLoggingFilter> passwordMask;

    @Override
    public void start(BundleContext context) {
        AdminSettings settings = new AdminSettings(new ConfigAdminSource(context, AdminSettings.PID));
        StressCommand command = new StressCommand(settings, runs, System.getenv(), () -> System.out);
        shells = new ShellRegistration(context, command);
        shells.open();
        passwordMask = context.registerService(CommandLoggingFilter.class, new PasswordMask(), null);
    }

    @Override
    public void stop(BundleContext context) {
        shells.close();
        passwordMask.unregister();
        runs.stopAndAwait();
    }

    /** Registers the command with every shell session factory that comes, and takes it back when it goes. */
    private static final class ShellRegistration extends ServiceTracker<SessionFactory, SessionFactory> {
        private final StressCommand command;

        ShellRegistration(BundleContext context, StressCommand command) {
            super(context, SessionFactory.class, null);
            this.command = command;
        }

        @Override
        public SessionFactory addingService(ServiceReference<SessionFactory> reference) {
            SessionFactory factory = super.addingService(reference);
            if (factory != null) {
                factory.getRegistry().register(command);
            }
            return factory;
        }

        @Override
        public void removedService(ServiceReference<SessionFactory> reference, SessionFactory factory) {
            factory.getRegistry().unregister(command);
            super.removedService(reference, factory);
        }
    }
}
