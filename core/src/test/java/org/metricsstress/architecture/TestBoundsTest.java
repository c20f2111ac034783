package org.metricsstress.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A hung test must fail, with a thread dump, rather than hold CI until someone kills it: the root
 * POM gives every Surefire run JUnit's default timeout and its thread dump (and a fork timeout
 * behind them). This holds the first to account where it is read: in a test's own configuration.
 */
@ExtendWith(TestBoundsTest.Context.class)
class TestBoundsTest {

    @Test
    void everyTestHasADefaultTimeoutThatDumpsThreadsWhenItFires(ExtensionContext context) {
        assertEquals(Optional.of("5 m"), context.getConfigurationParameter("junit.jupiter.execution.timeout.default"),
                "the unit tests' bound, from the root POM's Surefire configuration");
        assertEquals(Optional.of("true"), context.getConfigurationParameter("junit.jupiter.execution.timeout.threaddump.enabled"));
        // SAME_THREAD (the default): the interrupt and the dump hit the test's own thread, where it hangs.
        assertEquals(Optional.empty(), context.getConfigurationParameter("junit.jupiter.execution.timeout.thread.mode.default"));
    }

    /** Hands the test its own context, where JUnit's configuration parameters are read. */
    static final class Context implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext ctx) {
            return p.getParameter().getType() == ExtensionContext.class;
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext ctx) {
            return ctx;
        }
    }
}
