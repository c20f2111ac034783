package org.metricsstress.testing;

import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

/**
 * The images of the container suite: public names, overridable by system properties. Testcontainers'
 * default pull policy never pulls an image the engine has, so the locally built ones are used as
 * they are (here no registry answers).
 */
final class Images {
    static final String CASSANDRA = System.getProperty("metrics-stress.image.cassandra", "cassandra:5.0");
    static final String SCYLLA = System.getProperty("metrics-stress.image.scylla", "scylladb/scylla:6.2");
    static final String REDIS = System.getProperty("metrics-stress.image.redis", "redis:7");

    private Images() {
    }

    static DockerImageName cassandra() {
        return DockerImageName.parse(CASSANDRA).asCompatibleSubstituteFor("cassandra");
    }

    static boolean present(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
