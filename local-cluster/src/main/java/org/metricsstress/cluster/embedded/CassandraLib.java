package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.metricsstress.api.Tool;
import org.metricsstress.cluster.LocalClusterException;

/**
 * Locates the directory of Cassandra server jars (cassandra-all and its runtime dependencies).
 *
 * <p>The jars never join the harness's own classpath: the server runs in a child JVM with its
 * own, newer-or-older copies of Netty, Guava and logging, which would clash with the driver's.
 * The build copies them into {@code cassandra-lib} beside the executable jar.
 *
 * <p>Search order: an explicit directory; the system property {@value #PROPERTY}; the
 * environment variable {@value #ENV_VAR}; {@code cassandra-lib} beside the jar or classes
 * directory this class was loaded from (the distribution's {@code lib/}); {@code
 * cassandra-runtime/target/cassandra-lib} in a parent directory (running from a source checkout);
 * this version's server zip in a local Maven repository, unpacked once into a cache folder
 * ({@link ServerArchive}: how a build that depends on {@code metrics-stress-testing} gets them).
 */
public final class CassandraLib {

    public static final String PROPERTY = "metrics-stress.cassandra.lib";
    public static final String ENV_VAR = "METRICS_STRESS_CASSANDRA_LIB";

    static final String DIR_NAME = "cassandra-lib";
    private static final Path CHECKOUT_RELATIVE = Path.of("cassandra-runtime", "target", DIR_NAME);
    private static final String BUILD_HINT = "run the distribution's bin/metrics-stress (metrics-stress-VERSION-bin.tar.gz, "
            + "which carries them), build them with `mvn -B package`, or set " + ENV_VAR
            + " to a directory holding cassandra-all-*.jar and jamm-*.jar";

    private final Function<String, String> systemProperties;
    private final Map<String, String> env;
    private final Optional<Path> codeSource;
    private final Path workingDir;
    private final String version;
    private final Consumer<String> say;

    CassandraLib(Function<String, String> systemProperties, Map<String, String> env,
                 Optional<Path> codeSource, Path workingDir) {
        this(systemProperties, env, codeSource, workingDir, null, line -> { });
    }

    /** ... and this build's {@code version}, whose server zip a local Maven repository may hold (null: none). */
    CassandraLib(Function<String, String> systemProperties, Map<String, String> env,
                 Optional<Path> codeSource, Path workingDir, String version, Consumer<String> say) {
        this.systemProperties = systemProperties;
        this.env = Map.copyOf(env);
        this.codeSource = codeSource;
        this.workingDir = workingDir;
        this.version = version;
        this.say = say;
    }

    private static CassandraLib forThisProcess() {
        String version = Tool.version();
        // A build without its version (classes compiled outside Maven) has no artifact to look for.
        return new CassandraLib(System::getProperty, System.getenv(), codeSourceOf(CassandraLib.class),
                Path.of("").toAbsolutePath(), "dev".equals(version) ? null : version, System.err::println);
    }

    /** The server jar directory, found without any hint from the caller. */
    public static Path locate() throws LocalClusterException {
        return forThisProcess().find(null);
    }

    /** The given directory if not null (validated, never silently replaced), else {@link #locate()}. */
    public static Path locate(Path explicitDir) throws LocalClusterException {
        return forThisProcess().find(explicitDir);
    }

    /** The jamm agent jar in a validated lib directory; Cassandra measures memtables with it. */
    public static Path jammJar(Path libDir) throws LocalClusterException {
        return validate(libDir, "the Cassandra lib directory " + libDir).jamm;
    }

    Path find(Path explicitDir) throws LocalClusterException {
        // A location the user named is either right or an error: falling back to some other
        // copy of the jars would hide the mistake.
        if (explicitDir != null) {
            return validate(explicitDir, "the Cassandra lib directory " + explicitDir).dir;
        }
        String prop = systemProperties.apply(PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return validate(Path.of(prop.trim()), "-D" + PROPERTY + "=" + prop.trim()).dir;
        }
        String fromEnv = env.get(ENV_VAR);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return validate(Path.of(fromEnv.trim()), ENV_VAR + "=" + fromEnv.trim()).dir;
        }

        Set<Path> looked = new LinkedHashSet<>();
        for (Path candidate : implicitCandidates()) {
            if (!looked.add(candidate)) {
                continue;
            }
            if (problem(candidate) == null) {
                return candidate;
            }
        }
        if (version != null) {
            for (Path repo : ServerArchive.repositories(codeSource, systemProperties)) {
                Path zip = ServerArchive.zipIn(repo, version);
                if (!looked.add(zip) || !Files.isRegularFile(zip)) {
                    continue;
                }
                try {
                    return ServerArchive.unpacked(zip, version, ServerArchive.cacheRoot(env, systemProperties), say);
                } catch (IOException e) {
                    throw new LocalClusterException("could not unpack the Cassandra server's jars from " + zip + ": "
                            + e.getMessage());
                }
            }
        }
        throw new LocalClusterException("Cassandra server jars not found (looked in "
                + String.join(", ", looked.stream().map(Path::toString).toList()) + "); " + BUILD_HINT);
    }

    private List<Path> implicitCandidates() {
        List<Path> candidates = new ArrayList<>();
        codeSource.ifPresent(source -> {
            // cli/target/metrics-stress.jar and cli/target/classes both sit in cli/target.
            Path parent = source.toAbsolutePath().normalize().getParent();
            if (parent != null) {
                candidates.add(parent.resolve(DIR_NAME));
                addCheckoutCandidates(parent, candidates);
            }
        });
        addCheckoutCandidates(workingDir.toAbsolutePath().normalize(), candidates);
        return candidates;
    }

    private static void addCheckoutCandidates(Path start, List<Path> out) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            out.add(dir.resolve(CHECKOUT_RELATIVE));
        }
    }

    static Optional<Path> codeSourceOf(Class<?> type) {
        try {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            URL location = source == null ? null : source.getLocation();
            if (location == null || !"file".equals(location.getProtocol())) {
                return Optional.empty();
            }
            return Optional.of(Path.of(location.toURI()));
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static Validated validate(Path dir, String origin) throws LocalClusterException {
        String problem = problem(dir);
        if (problem != null) {
            throw new LocalClusterException(origin + ": " + problem + "; " + BUILD_HINT);
        }
        return new Validated(dir, findJar(dir, "jamm-").orElseThrow());
    }

    /** Why {@code dir} cannot serve as the server classpath, or null when it can. */
    static String problem(Path dir) {
        if (!Files.isDirectory(dir)) {
            return "no such directory";
        }
        if (findJar(dir, "cassandra-all-").isEmpty()) {
            return "no cassandra-all-*.jar in it";
        }
        if (findJar(dir, "jamm-").isEmpty()) {
            return "no jamm-*.jar (the memory-measuring agent Cassandra needs) in it";
        }
        return null;
    }

    private static Optional<Path> findJar(Path dir, String prefix) {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, prefix + "*.jar")) {
            Path first = null;
            for (Path jar : jars) {
                // Sorted so a directory holding two versions always yields the same one.
                if (Files.isRegularFile(jar) && (first == null || jar.toString().compareTo(first.toString()) > 0)) {
                    first = jar;
                }
            }
            return Optional.ofNullable(first);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private record Validated(Path dir, Path jamm) {
    }
}
