package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.metricsstress.cluster.LocalClusterException;

/**
 * Finds a JDK that can run a Cassandra 5.0 server.
 *
 * <p>Cassandra 5.0 supports Java 11 and 17 only. It installs a SecurityManager at start, which
 * JDK 24 and newer refuse outright ("Setting a system-wide Policy object is not supported"), so
 * the JVM running the harness is often the wrong one for the server: the harness may run on
 * anything from 17 up, the server needs its own JDK.
 *
 * <p>Search order: an explicit home; {@value #ENV_VAR}; the running JVM if it is 11 or 17; JDKs
 * installed under the usual roots ({@code /usr/lib/jvm}, macOS's
 * {@code /Library/Java/JavaVirtualMachines}), 17 preferred over 11.
 */
public final class JdkLocator {

    /** Environment variable naming the JDK home to run Cassandra with. */
    public static final String ENV_VAR = "CASSANDRA_JAVA_HOME";

    private static final List<Integer> SUPPORTED = List.of(17, 11);
    private static final Pattern RELEASE_VERSION =
            Pattern.compile("^JAVA_VERSION=\"?([^\"\\s]+)\"?\\s*$", Pattern.MULTILINE);
    private static final Pattern LEADING_NUMBERS = Pattern.compile("^(\\d+)(?:\\.(\\d+))?");

    private final Map<String, String> env;
    private final Path currentJavaHome;
    private final int currentFeature;
    private final List<Path> installRoots;

    JdkLocator(Map<String, String> env, Path currentJavaHome, int currentFeature, List<Path> installRoots) {
        this.env = Map.copyOf(env);
        this.currentJavaHome = currentJavaHome;
        this.currentFeature = currentFeature;
        this.installRoots = List.copyOf(installRoots);
    }

    private static JdkLocator forThisMachine() {
        return new JdkLocator(
                System.getenv(),
                Path.of(System.getProperty("java.home")),
                Runtime.version().feature(),
                List.of(Path.of("/usr/lib/jvm"), Path.of("/Library/Java/JavaVirtualMachines")));
    }

    /** A JDK home able to run Cassandra 5.0, found without any hint from the caller. */
    public static Path locate() throws LocalClusterException {
        return forThisMachine().find(null);
    }

    /**
     * The given JDK home if not null (checked, never silently replaced by another), otherwise
     * the result of {@link #locate()}.
     */
    public static Path locate(Path explicitHome) throws LocalClusterException {
        return forThisMachine().find(explicitHome);
    }

    Path find(Path explicitHome) throws LocalClusterException {
        if (explicitHome != null) {
            return checked(explicitHome, "the Cassandra Java home " + explicitHome);
        }
        String fromEnv = env.get(ENV_VAR);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return checked(Path.of(fromEnv.trim()), ENV_VAR + "=" + fromEnv.trim());
        }
        List<String> seen = new ArrayList<>();
        if (SUPPORTED.contains(currentFeature) && hasJavaLauncher(currentJavaHome)) {
            return currentJavaHome;
        }
        seen.add("this JVM (" + currentFeature + ")");

        List<Candidate> installed = installed();
        for (int wanted : SUPPORTED) {
            for (Candidate c : installed) {
                if (c.feature() == wanted) {
                    return c.home();
                }
            }
        }
        for (Candidate c : installed) {
            seen.add(c.home() + " (" + c.feature() + ")");
        }
        if (installed.isEmpty()) {
            seen.add("no JDK under " + String.join(" or ", installRoots.stream().map(Path::toString).toList()));
        }
        throw new LocalClusterException("No JDK 11 or 17 found to run Cassandra 5.0 (checked: "
                + String.join(", ", seen) + "); install a JDK 17 (e.g. apt-get install openjdk-17-jdk-headless)"
                + " or point " + ENV_VAR + " / --cassandra-java-home at one");
    }

    /** An explicit choice is honoured, but not when it is certain to fail later and obscurely. */
    private Path checked(Path home, String origin) throws LocalClusterException {
        if (!hasJavaLauncher(home)) {
            throw new LocalClusterException(origin + " is not a JDK home (no executable bin/java);"
                    + " point it at a JDK 11 or 17 home, e.g. /usr/lib/jvm/java-17-openjdk-amd64");
        }
        OptionalInt feature = featureVersion(home);
        if (feature.isPresent() && !SUPPORTED.contains(feature.getAsInt())) {
            throw new LocalClusterException(origin + " is JDK " + feature.getAsInt()
                    + ", but Cassandra 5.0 runs only on JDK 11 or 17; point it at a JDK 17 home");
        }
        return home;
    }

    private List<Candidate> installed() {
        List<Candidate> found = new ArrayList<>();
        Set<Path> realHomes = new LinkedHashSet<>();
        for (Path root : installRoots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            List<Path> entries = new ArrayList<>();
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(root)) {
                dir.forEach(entries::add);
            } catch (IOException | SecurityException e) {
                continue;
            }
            // Sorted so the same machine always yields the same JDK.
            entries.sort(Comparator.comparing(Path::toString));
            for (Path entry : entries) {
                // macOS bundles keep the home two levels down.
                Path home = Files.isDirectory(entry.resolve("Contents/Home")) ? entry.resolve("Contents/Home") : entry;
                if (!hasJavaLauncher(home)) {
                    continue;
                }
                OptionalInt feature = featureVersion(home);
                if (feature.isEmpty()) {
                    continue;
                }
                // Debian installs the same JDK under several names (symlinks); keep it once, by its real name.
                Path real;
                try {
                    real = home.toRealPath();
                } catch (IOException e) {
                    real = home;
                }
                if (realHomes.add(real)) {
                    found.add(new Candidate(real, feature.getAsInt()));
                }
            }
        }
        return found;
    }

    static boolean hasJavaLauncher(Path home) {
        if (home == null) {
            return false;
        }
        Path java = home.resolve("bin").resolve("java");
        return Files.isRegularFile(java) && Files.isExecutable(java);
    }

    /** The feature version ("17") of a JDK home, read from its {@code release} file. */
    static OptionalInt featureVersion(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return OptionalInt.empty();
        }
        try {
            return parseReleaseFile(Files.readString(release, StandardCharsets.ISO_8859_1));
        } catch (IOException | SecurityException e) {
            return OptionalInt.empty();
        }
    }

    static OptionalInt parseReleaseFile(String content) {
        Matcher m = RELEASE_VERSION.matcher(content);
        if (!m.find()) {
            return OptionalInt.empty();
        }
        return parseFeature(m.group(1));
    }

    /** "17.0.15" -> 17, "11" -> 11, "21-ea" -> 21, and the pre-9 scheme "1.8.0_392" -> 8. */
    static OptionalInt parseFeature(String version) {
        Matcher m = LEADING_NUMBERS.matcher(version);
        if (!m.find()) {
            return OptionalInt.empty();
        }
        int first = Integer.parseInt(m.group(1));
        if (first == 1 && m.group(2) != null) {
            return OptionalInt.of(Integer.parseInt(m.group(2)));
        }
        return OptionalInt.of(first);
    }

    private record Candidate(Path home, int feature) {
    }
}
