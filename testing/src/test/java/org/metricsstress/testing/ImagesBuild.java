package org.metricsstress.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The container images, when docker/with-engine.sh builds them beside the Maven build: the first
 * container test waits for that build to end (its exit status appears in the file
 * METRICS_STRESS_IMAGES_STATUS names) and fails, naming the log, if it failed. Without the variable
 * the images were built before, or by hand, and nothing is waited for.
 */
final class ImagesBuild {
    /** debootstrap and two apt installs on a fresh machine take minutes; a stuck mirror, longer. */
    private static final Duration BOUND = Duration.ofMinutes(20);
    private static volatile boolean done;

    private ImagesBuild() {
    }

    static synchronized void awaitIfBuilding() {
        String status = System.getenv("METRICS_STRESS_IMAGES_STATUS");
        if (done || status == null || status.isBlank()) {
            return;
        }
        Path file = Path.of(status);
        long t0 = System.nanoTime();
        long deadline = t0 + BOUND.toNanos();
        try {
            while (!Files.exists(file)) {
                if (System.nanoTime() > deadline) {
                    throw new ExtensionConfigurationException("the container images were not built within "
                            + BOUND.toMinutes() + " min; see " + System.getenv("METRICS_STRESS_IMAGES_LOG"));
                }
                Thread.sleep(1000);
            }
            String exit = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (!exit.equals("0")) {
                throw new ExtensionConfigurationException("the container images failed to build (exit " + exit
                        + "); see " + System.getenv("METRICS_STRESS_IMAGES_LOG"));
            }
        } catch (IOException e) {
            throw new ExtensionConfigurationException("cannot read " + file + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExtensionConfigurationException("interrupted while waiting for the container images");
        }
        System.out.printf("container images ready (waited %.0f s for their build)%n", (System.nanoTime() - t0) / 1e9);
        done = true;
    }
}
