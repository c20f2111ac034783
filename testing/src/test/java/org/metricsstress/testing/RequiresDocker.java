package org.metricsstress.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/**
 * Tests that need a Docker engine: skipped with a one-line reason where none answers, but failed
 * when {@code CI=true}, where the container suite must run for real.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresDocker.Condition.class)
public @interface RequiresDocker {

    final class Condition implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (available()) {
                ImagesBuild.awaitIfBuilding();
                return ConditionEvaluationResult.enabled("a Docker engine answers");
            }
            String why = "no Docker engine answers (DOCKER_HOST=" + System.getenv("DOCKER_HOST")
                    + "); .ci/run starts one with docker/engine.sh";
            if ("true".equals(System.getenv("CI"))) {
                throw new ExtensionConfigurationException("CI=true and " + why);
            }
            System.out.println("skipped: " + why);
            return ConditionEvaluationResult.disabled(why);
        }

        private static boolean available() {
            try {
                return DockerClientFactory.instance().isDockerAvailable();
            } catch (RuntimeException e) {
                return false;
            }
        }
    }
}
