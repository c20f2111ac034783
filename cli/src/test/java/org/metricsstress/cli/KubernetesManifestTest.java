package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kubernetes files of a distributed run (deploy/) hold the same facts in several places: N in
 * the Job and in the jar's arguments, the result path in the Job and in the collect pod, the jar's
 * path and user in the Dockerfile and in the pods. Nothing runs them here (no cluster, no registry),
 * so this test is what keeps them in step.
 */
class KubernetesManifestTest {
    private static final String INDEX_FIELD = "metadata.annotations['batch.kubernetes.io/job-completion-index']";
    private static final String INDEX_REF = "$(JOB_COMPLETION_INDEX)";
    private static final Pattern ENV_REF = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    private static final YAMLMapper YAML = new YAMLMapper();

    private static Path repoRoot() {
        // Surefire runs in the module's directory; an IDE may run in the repository's.
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("deploy/kubernetes"))) {
                return p;
            }
        }
        return fail("no deploy/kubernetes above " + Path.of("").toAbsolutePath());
    }

    private static List<Path> manifestFiles() throws IOException {
        // Subdirectories too: collect/ is applied separately, after the run, but must agree with it.
        try (Stream<Path> s = Files.walk(repoRoot().resolve("deploy/kubernetes"))) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .sorted().collect(Collectors.toList());
            assertFalse(files.isEmpty(), "no manifests under deploy/kubernetes");
            return files;
        }
    }

    /** Every document of every manifest; an empty document (a trailing ---) is no object. */
    private static List<JsonNode> objects() throws IOException {
        List<JsonNode> all = new ArrayList<>();
        for (Path f : manifestFiles()) {
            for (JsonNode doc : YAML.readerFor(JsonNode.class).<JsonNode>readValues(f.toFile()).readAll()) {
                if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
                    assertTrue(doc.hasNonNull("apiVersion") && doc.hasNonNull("kind"), f + ": " + doc);
                    all.add(doc);
                }
            }
        }
        return all;
    }

    private static JsonNode only(List<JsonNode> objects, String kind) {
        List<JsonNode> found = objects.stream().filter(o -> kind.equals(o.path("kind").asText())).toList();
        assertEquals(1, found.size(), "exactly one " + kind + " in deploy/kubernetes");
        return found.get(0);
    }

    private static JsonNode singleContainer(JsonNode podSpec) {
        JsonNode containers = podSpec.path("containers");
        assertEquals(1, containers.size(), "one container: " + podSpec);
        return containers.get(0);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The value after an option in a container's args: the separate word, or after '='. */
    private static String optionValue(List<String> args, String option) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(option)) {
                assertTrue(i + 1 < args.size(), option + " without a value: " + args);
                values.add(args.get(i + 1));
            } else if (args.get(i).startsWith(option + "=")) {
                values.add(args.get(i).substring(option.length() + 1));
            }
        }
        assertEquals(1, values.size(), option + " exactly once in " + args);
        return values.get(0);
    }

    private static JsonNode env(JsonNode container, String name) {
        for (JsonNode e : container.path("env")) {
            if (name.equals(e.path("name").asText())) {
                return e;
            }
        }
        return fail("no env " + name + " in container " + container.path("name").asText());
    }

    private static JsonNode mountOf(JsonNode container, String path) {
        for (JsonNode m : container.path("volumeMounts")) {
            String mountPath = m.path("mountPath").asText();
            if (!mountPath.isEmpty() && path.startsWith(mountPath.endsWith("/") ? mountPath : mountPath + "/")) {
                return m;
            }
        }
        return fail(path + " is under no volumeMount of container " + container.path("name").asText());
    }

    private static JsonNode volume(JsonNode podSpec, String name) {
        for (JsonNode v : podSpec.path("volumes")) {
            if (name.equals(v.path("name").asText())) {
                return v;
            }
        }
        return fail("no volume " + name);
    }

    private static JsonNode job() throws IOException {
        JsonNode job = only(objects(), "Job");
        assertEquals("batch/v1", job.path("apiVersion").asText());
        return job;
    }

    private static JsonNode jobContainer(JsonNode job) {
        return singleContainer(job.path("spec").path("template").path("spec"));
    }

    private static int instancesArg(JsonNode container) {
        return Integer.parseInt(optionValue(strings(container.path("args")), "--instances"));
    }

    @Test
    void oneIndexedPodPerInstanceAllAtOnceNeverRetried() throws IOException {
        JsonNode job = job();
        JsonNode spec = job.path("spec");
        assertEquals("Indexed", spec.path("completionMode").asText(), "the index is the instance number");
        int n = instancesArg(jobContainer(job));
        assertTrue(n >= 1, "--instances " + n);
        assertTrue(spec.path("completions").isInt(), "completions: " + spec.path("completions"));
        assertEquals(n, spec.path("completions").asInt(), "completions = --instances");
        assertTrue(spec.path("parallelism").isInt(), "parallelism: " + spec.path("parallelism"));
        assertEquals(n, spec.path("parallelism").asInt(), "parallelism = --instances: all start together");
        // A retried instance writes its share twice: the merged totals would no longer be exact.
        assertTrue(spec.path("backoffLimit").isInt(), "backoffLimit must be set (the default is 6)");
        assertEquals(0, spec.path("backoffLimit").asInt());
        assertEquals("Never", spec.path("template").path("spec").path("restartPolicy").asText());

        JsonNode collect = singleContainer(only(objects(), "Pod").path("spec"));
        assertEquals(String.valueOf(n), env(collect, "INSTANCES").path("value").asText(),
                "the collect pod merges instance-0 .. instance-(N-1)");
    }

    @Test
    void instanceIndexComesFromTheCompletionIndexAnnotation() throws IOException {
        JsonNode index = env(jobContainer(job()), "JOB_COMPLETION_INDEX");
        assertFalse(index.has("value"), "a literal index would give every pod the same one");
        assertEquals(INDEX_FIELD, index.path("valueFrom").path("fieldRef").path("fieldPath").asText());
    }

    @Test
    void everyPodStartsAtTheSameInstantFromItsEnvironment() throws IOException {
        JsonNode container = jobContainer(job());
        String startAt = optionValue(strings(container.path("args")), "--start-at");
        Matcher m = ENV_REF.matcher(startAt);
        assertTrue(m.matches(), "--start-at " + startAt + " should be one $(VAR) set in the pod template");
        JsonNode var = env(container, m.group(1));
        // A valueFrom (field, Secret, ConfigMap) could differ between pods or be missing in some.
        assertFalse(var.has("valueFrom"), m.group(1) + " must be a literal in the template: " + var);
        String value = var.path("value").asText();
        assertTrue(isInstantOrEpochSeconds(value), m.group(1) + " = '" + value + "' is no ISO-8601 instant or epoch seconds");
    }

    private static boolean isInstantOrEpochSeconds(String s) {
        if (s.matches("\\d+")) {
            return true;
        }
        try {
            Instant.parse(s);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    @Test
    void eachInstanceWritesItsOwnResultOnTheSharedVolumeWhereTheCollectPodReadsIt() throws IOException {
        List<JsonNode> objects = objects();
        JsonNode podSpec = only(objects, "Job").path("spec").path("template").path("spec");
        JsonNode container = singleContainer(podSpec);
        String resultJson = optionValue(strings(container.path("args")), "--result-json");
        assertTrue(resultJson.contains(INDEX_REF), "--result-json " + resultJson + ": one file per instance");
        // Every $(VAR) must be defined in the container, or Kubernetes leaves it as it is.
        Matcher refs = ENV_REF.matcher(resultJson);
        while (refs.find()) {
            env(container, refs.group(1));
        }

        String claim = volume(podSpec, mountOf(container, resultJson).path("name").asText())
                .path("persistentVolumeClaim").path("claimName").asText();
        assertFalse(claim.isEmpty(), "the results volume must outlive the pods: a PersistentVolumeClaim");
        JsonNode pvc = objects.stream()
                .filter(o -> "PersistentVolumeClaim".equals(o.path("kind").asText()))
                .filter(o -> claim.equals(o.path("metadata").path("name").asText()))
                .findFirst().orElseGet(() -> fail("claim " + claim + " is not defined in deploy/kubernetes"));
        assertTrue(strings(pvc.path("spec").path("accessModes")).contains("ReadWriteMany"),
                "pods on different nodes write at once: " + pvc.path("spec").path("accessModes"));

        JsonNode collectSpec = only(objects, "Pod").path("spec");
        JsonNode collect = singleContainer(collectSpec);
        String script = String.join(" ", strings(collect.path("command")));
        String perIndex = resultJson.replace(INDEX_REF, "$i");
        assertTrue(script.contains(perIndex), "the collect pod should read " + perIndex + ": " + script);
        assertEquals(claim, volume(collectSpec, mountOf(collect, resultJson).path("name").asText())
                .path("persistentVolumeClaim").path("claimName").asText(), "the collect pod's volume");
    }

    @Test
    void passwordComesOnlyFromASecret() throws IOException {
        for (JsonNode o : objects()) {
            for (JsonNode c : o.findValues("containers")) {
                for (JsonNode container : c) {
                    for (String a : strings(container.path("args"))) {
                        assertFalse(a.equals("--password") || a.startsWith("--password="),
                                "a password in args shows in ps and in the pod spec: " + a);
                    }
                    for (JsonNode e : container.path("env")) {
                        if (e.path("name").asText().contains("PASSWORD")) {
                            assertFalse(e.has("value"), "literal " + e.path("name").asText());
                        }
                    }
                }
            }
        }
        JsonNode ref = env(jobContainer(job()), "METRICS_STRESS_PASSWORD").path("valueFrom").path("secretKeyRef");
        assertFalse(ref.path("name").asText().isEmpty(), "secretKeyRef.name");
        assertFalse(ref.path("key").asText().isEmpty(), "secretKeyRef.key");
        // Without the Secret the pods would not start at all; a cluster without authentication has none.
        assertTrue(ref.path("optional").asBoolean(false), "secretKeyRef.optional: true");
    }

    @Test
    void instancesReserveTheCapacityTheyAreSizedFor() throws IOException {
        JsonNode resources = jobContainer(job()).path("resources");
        assertFalse(resources.path("requests").path("cpu").asText().isEmpty(), "requests.cpu");
        assertFalse(resources.path("requests").path("memory").asText().isEmpty(), "requests.memory");
        assertFalse(resources.path("limits").path("memory").asText().isEmpty(), "limits.memory");
    }

    /** Instructions of a Dockerfile: comments dropped, continuation lines joined. */
    private static List<String[]> dockerfile() throws IOException {
        List<String[]> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : Files.readAllLines(repoRoot().resolve("docker/metrics-stress/Dockerfile"))) {
            if (line.strip().startsWith("#") || line.isBlank()) {
                continue;
            }
            if (line.endsWith("\\")) {
                cur.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            String full = cur.append(line).toString().strip();
            cur.setLength(0);
            String[] split = full.split("\\s+", 2);
            out.add(new String[] {split[0].toUpperCase(), split.length > 1 ? split[1].strip() : ""});
        }
        return out;
    }

    private static String last(List<String[]> instructions, String name) {
        String found = null;
        for (String[] i : instructions) {
            if (i[0].equals(name)) {
                found = i[1];
            }
        }
        return found != null ? found : fail("no " + name + " in docker/metrics-stress/Dockerfile");
    }

    @Test
    void imageRunsTheJarTheJobAndTheCollectPodExpect() throws IOException {
        List<String[]> docker = dockerfile();
        assertTrue(docker.get(0)[0].equals("FROM") && docker.get(0)[1].startsWith("eclipse-temurin:17-jre"),
                "a Java 17 runtime: " + String.join(" ", docker.get(0)));

        // Exec form: a shell form would run java as a child of sh, which would not pass on SIGTERM.
        String entrypointText = last(docker, "ENTRYPOINT");
        assertTrue(entrypointText.startsWith("["), "ENTRYPOINT in exec (JSON) form: " + entrypointText);
        JsonNode entrypoint = new ObjectMapper().readTree(entrypointText);
        List<String> ep = strings(entrypoint);
        assertEquals("java", ep.get(0));
        int jar = ep.indexOf("-jar");
        assertTrue(jar > 0 && jar + 1 < ep.size(), "java -jar JAR: " + ep);
        String jarPath = ep.get(jar + 1);
        boolean copied = docker.stream().filter(i -> i[0].equals("COPY")).anyMatch(i -> {
            List<String> words = Arrays.stream(i[1].split("\\s+")).filter(w -> !w.startsWith("--")).toList();
            String dest = words.get(words.size() - 1);
            return words.contains("cli/target/metrics-stress.jar")
                    && (dest.equals(jarPath) || dest.endsWith("/") && jarPath.equals(dest + "metrics-stress.jar"));
        });
        assertTrue(copied, "the Dockerfile should COPY cli/target/metrics-stress.jar to " + jarPath);

        // The Dockerfile's own ignore file: a context that drops the jar builds an image without it.
        List<String> ignore = Files.readAllLines(repoRoot().resolve("docker/metrics-stress/Dockerfile.dockerignore"));
        assertTrue(ignore.contains("!cli/target/metrics-stress.jar"), "the jar must stay in the build context");

        // The Job gives only arguments, so the image's ENTRYPOINT is what runs them.
        List<JsonNode> objects = objects();
        JsonNode jobPod = only(objects, "Job").path("spec").path("template").path("spec");
        JsonNode container = singleContainer(jobPod);
        assertFalse(container.has("command"), "a command would replace the ENTRYPOINT: " + container.path("command"));
        assertNotEquals("java", strings(container.path("args")).get(0), "args are the jar's options");
        JsonNode collectPod = only(objects, "Pod").path("spec");
        JsonNode collect = singleContainer(collectPod);
        assertTrue(String.join(" ", strings(collect.path("command"))).contains("java -jar " + jarPath + " merge"),
                "the collect pod runs merge from the same jar");
        assertEquals(container.path("image").asText(), collect.path("image").asText(), "one image for both");

        // runAsNonRoot can check only a numeric USER; the pods' uid must be the image's, for the volume.
        String user = last(docker, "USER").split(":")[0];
        assertTrue(user.matches("\\d+") && !user.equals("0"), "USER " + user + ": numeric, not root");
        for (JsonNode pod : List.of(jobPod, collectPod)) {
            JsonNode sc = pod.path("securityContext");
            assertTrue(sc.path("runAsNonRoot").asBoolean(false), "runAsNonRoot: " + sc);
            assertEquals(user, sc.path("runAsUser").asText(), "runAsUser = the image's USER");
        }
    }

    private static Optional<Path> onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Arrays.stream(path.split(java.io.File.pathSeparator)).filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, command)).filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .findFirst();
    }

    private record Run(int exit, String out, String err) {
    }

    /**
     * kubectl decodes each manifest into its API type, offline. What was tried, with kubectl 1.20
     * (Debian's kubernetes-client) and 1.32: "kubectl apply --dry-run=client --validate=false -f F"
     * and "kubectl create --dry-run=client -o yaml -f F" both fail without an API server ("couldn't
     * get current server API group list"): they need its discovery to map a kind to a resource, and
     * even with one they pass the object on untyped. "kubectl set env --local -f F -o yaml X=1" needs
     * no server, and decodes every object with kubectl's built-in scheme before acting on it: a
     * misspelt kind or a wrongly typed field ("completions: four", a string for a list) fails. Fields
     * unknown to the kubectl at hand are dropped, not refused (1.20 predates completionMode), and
     * values are not validated (an unknown completionMode passes): the tests above check those. An
     * object without a pod template (the claim) is decoded and then refused with "not a pod or does
     * not have a pod template: *v1.PersistentVolumeClaim", which names the type it was decoded into.
     */
    private static Run kubectlSetEnv(Path kubectl, Path manifest, Path dir) throws IOException, InterruptedException {
        // An empty kubeconfig of our own: --local talks to no server, and this makes sure a
        // developer's real cluster is never the one asked.
        Path config = dir.resolve("kubeconfig");
        if (!Files.exists(config)) {
            Files.writeString(config, "apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n");
        }
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(kubectl.toString(), "set", "env", "--local", "-f", manifest.toString(),
                "-o", "yaml", "METRICS_STRESS_KUBECTL_PROBE=1")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        pb.environment().put("KUBECONFIG", config.toString());
        Process p = pb.start();
        p.getOutputStream().close();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("kubectl did not finish within 2 minutes on " + manifest);
        }
        // Not Files.readString: kubectl 1.20 quotes a cut-off byte range of the input in some errors.
        return new Run(p.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
    }

    /** The documents of a manifest as they are written, one file each, so that kubectl parses the real YAML. */
    private static List<String> documentTexts(Path manifest) throws IOException {
        List<String> docs = new ArrayList<>();
        for (String doc : Files.readString(manifest).split("(?m)^---[ \\t]*$")) {
            boolean empty = doc.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("#"));
            if (!empty) {
                docs.add(doc);
            }
        }
        return docs;
    }

    private static boolean hasPodTemplate(JsonNode o) {
        return "Pod".equals(o.path("kind").asText())
                || o.path("spec").path("template").path("spec").has("containers")
                || o.path("spec").path("jobTemplate").path("spec").path("template").path("spec").has("containers");
    }

    @Test
    void kubectlDecodesEveryManifestIntoItsApiType(@TempDir Path dir) throws IOException, InterruptedException {
        Optional<Path> kubectl = onPath("kubectl");
        if (kubectl.isEmpty()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("kubectl is not on the PATH; .ci/run installs it (Debian package kubernetes-client)");
            }
            Assumptions.abort("kubectl is not on the PATH (Debian: kubernetes-client): manifests not decoded by kubectl");
        }

        int decoded = 0;
        for (Path manifest : manifestFiles()) {
            int n = 0;
            for (String text : documentTexts(manifest)) {
                Path doc = dir.resolve(manifest.getFileName() + "." + n++ + ".yaml");
                Files.writeString(doc, text);
                JsonNode expected = YAML.readTree(text);
                String kind = expected.path("kind").asText();
                String name = expected.path("metadata").path("name").asText();
                Run run = kubectlSetEnv(kubectl.get(), doc, dir);
                String where = manifest + " (" + kind + " " + name + "): exit " + run.exit + "\n" + run.err;
                if (hasPodTemplate(expected)) {
                    assertEquals(0, run.exit, where);
                    JsonNode back = YAML.readTree(run.out);
                    assertEquals(kind, back.path("kind").asText(), where);
                    assertEquals(name, back.path("metadata").path("name").asText(), where);
                    assertTrue(run.out.contains("METRICS_STRESS_KUBECTL_PROBE"), "kubectl did not act on it: " + where);
                } else {
                    String version = expected.path("apiVersion").asText().replaceFirst(".*/", "");
                    assertTrue(run.err.contains("does not have a pod template: *" + version + "." + kind),
                            "kubectl should have decoded it as " + version + "." + kind + ": " + where);
                }
                decoded++;
            }
        }
        // Splitting on --- lines must not have lost or merged documents that the YAML parser sees.
        assertEquals(objects().size(), decoded, "objects given to kubectl");

        // The check can fail: the same kubectl must refuse the Job with a wrongly typed field.
        ObjectNode broken = (ObjectNode) job().deepCopy();
        ((ObjectNode) broken.path("spec")).put("completions", "four");
        Path bad = dir.resolve("broken-job.yaml");
        Files.writeString(bad, YAML.writeValueAsString(broken), StandardCharsets.UTF_8);
        Run run = kubectlSetEnv(kubectl.get(), bad, dir);
        assertNotEquals(0, run.exit, "kubectl accepted completions: \"four\"; it does not type-check: " + run.out);
    }
}
