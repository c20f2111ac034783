package org.metricsstress.cluster.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.PullImageResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.metricsstress.cluster.LocalClusterException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

/** The Docker engine as {@code --embedded-image} needs it: answering, and holding the image. */
final class DockerEngine {
    private static final long PULL_TIMEOUT_S = 600;

    private DockerEngine() {
    }

    /**
     * Fails with one line when no engine answers, or when {@code image} is not on the engine and
     * cannot be pulled; pulls it when it can.
     */
    static void require(String image, Consumer<String> output) throws LocalClusterException {
        DockerClient docker;
        try {
            if (!DockerClientFactory.instance().isDockerAvailable()) {
                throw new LocalClusterException(noEngine());
            }
            docker = DockerClientFactory.instance().client();
        } catch (RuntimeException e) {
            throw new LocalClusterException(noEngine(), e);
        }
        DockerImageName name = DockerImageName.parse(image);
        try {
            docker.inspectImageCmd(name.asCanonicalNameString()).exec();
            return;
        } catch (NotFoundException e) {
            output.accept("image " + image + " is not on the engine; pulling it");
        }
        try {
            boolean done = docker.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart())
                    .exec(new PullImageResultCallback()).awaitCompletion(PULL_TIMEOUT_S, TimeUnit.SECONDS);
            if (!done) {
                throw new LocalClusterException("--embedded-image: pulling " + image + " took over "
                        + PULL_TIMEOUT_S + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalClusterException("interrupted while pulling " + image, e);
        } catch (RuntimeException e) {
            throw new LocalClusterException("--embedded-image: " + image + " is not on the Docker engine and"
                    + " could not be pulled (" + String.valueOf(e.getMessage()).replace('\n', ' ').strip()
                    + "); build or load it first, e.g. docker/build-images.sh");
        }
    }

    private static String noEngine() {
        String host = System.getenv("DOCKER_HOST");
        return "--embedded-image: no Docker engine answers" + (host == null ? " (DOCKER_HOST is not set)"
                : " at DOCKER_HOST " + host) + "; start one, or leave out --embedded-image for a child-JVM node";
    }
}
