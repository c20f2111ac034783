package org.metricsstress.karaf;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.karaf.shell.api.console.CommandLoggingFilter;
import org.apache.karaf.shell.api.console.Command;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.metricsstress.commands.Commands;
import org.metricsstress.commands.ToolCommand;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Puts {@code metrics:stress} and every other command of the jar ({@code metrics:tune}, {@code metrics:compare},
 * ...) into Karaf's shell while the bundle is active.
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
        List<Command> commands = commands(settings, runs, System.getenv(), () -> System.out);
        shells = new ShellRegistration(context, commands);
        shells.open();
        passwordMask = context.registerService(CommandLoggingFilter.class, new PasswordMask(), null);
    }

    /** {@code metrics:stress}, then every command of {@link Commands}, as the jar has them. */
    static List<Command> commands(AdminSettings settings, OneRunAtATime runs, Map<String, String> environment,
            Supplier<PrintStream> output) {
        List<Command> all = new ArrayList<>();
        all.add(new StressCommand(settings, runs, environment, output));
        for (ToolCommand command : Commands.all()) {
            all.add(new ShellCommand(command, settings, runs, environment, output));
        }
        return List.copyOf(all);
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
