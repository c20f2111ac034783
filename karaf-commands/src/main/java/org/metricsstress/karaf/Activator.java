package org.metricsstress.karaf;

import java.util.List;
import org.apache.karaf.shell.api.console.CommandLoggingFilter;
import org.apache.karaf.shell.api.console.Command;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Puts {@code metrics:stress} and {@code metrics:size} into Karaf's shell while the bundle is active.
 *
 * <p>Karaf's command extender ({@code Karaf-Commands} header) only registers annotated Actions, so
 * these raw {@link Command}s go into the registry of the shell's
 * {@link SessionFactory} service directly, the way Karaf adds Gogo functions to it.
 */
public final class Activator implements BundleActivator {
    private final OneRunAtATime runs = new OneRunAtATime();
    private ServiceTracker<SessionFactory, SessionFactory> shells;
    private ServiceRegistration<CommandLoggingFilter> passwordMask;

    @Override
    public void start(BundleContext context) {
        AdminSettings settings = new AdminSettings(new ConfigAdminSource(context, AdminSettings.PID));
        List<Command> commands = List.of(new StressCommand(settings, runs, System.getenv(), () -> System.out),
                new SizeCommand(System.getenv(), () -> System.out));
        shells = new ShellRegistration(context, commands);
        shells.open();
        passwordMask = context.registerService(CommandLoggingFilter.class, new PasswordMask(), null);
    }

    @Override
    public void stop(BundleContext context) {
        shells.close();
        passwordMask.unregister();
        runs.stopAndAwait();
    }

    /** Registers the commands with every shell session factory that comes, and takes them back when it goes. */
    private static final class ShellRegistration extends ServiceTracker<SessionFactory, SessionFactory> {
        private final List<Command> commands;

        ShellRegistration(BundleContext context, List<Command> commands) {
            super(context, SessionFactory.class, null);
            this.commands = commands;
        }

        @Override
        public SessionFactory addingService(ServiceReference<SessionFactory> reference) {
            SessionFactory factory = super.addingService(reference);
            if (factory != null) {
                commands.forEach(factory.getRegistry()::register);
            }
            return factory;
        }

        @Override
        public void removedService(ServiceReference<SessionFactory> reference, SessionFactory factory) {
            commands.forEach(factory.getRegistry()::unregister);
            super.removedService(reference, factory);
        }
    }
}
