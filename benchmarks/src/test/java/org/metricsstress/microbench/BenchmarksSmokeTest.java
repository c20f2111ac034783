package org.metricsstress.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark of the module once, briefly, in this JVM: proves each one sets up, runs and
 * scores. Measures nothing worth reading (no warmup, no fork) and asserts no timings.
 */
class BenchmarksSmokeTest {
    private static final String PACKAGE = SampleValuesBench.class.getPackageName();

    @Test
    void everyBenchmarkRunsAndScores() throws Exception {
        Options options = new OptionsBuilder()
                .include("^" + PACKAGE.replace(".", "\\.") + "\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = run(options);

        Map<String, Double> scores = new TreeMap<>();
        for (RunResult r : results) {
            scores.put(r.getParams().getBenchmark(), r.getPrimaryResult().getScore());
        }
        scores.forEach((name, score) -> System.out.printf("%-70s %,.0f ops/s%n", name, score));

        assertEquals(declaredBenchmarks(), scores.keySet(), "benchmarks run vs. benchmarks declared");
        scores.forEach((name, score) -> assertTrue(score > 0, name + " scored " + score));
    }

    private static Collection<RunResult> run(Options options) throws RunnerException {
        return new Runner(options).run();
    }

    /** Every @Benchmark method of every class compiled into the benchmarks' package, by JMH's name. */
    private static TreeSet<String> declaredBenchmarks() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(SampleValuesBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = classes.resolve(PACKAGE.replace('.', '/'));
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (String file : files.map(p -> p.getFileName().toString())
                    .filter(f -> f.endsWith(".class") && !f.contains("$"))
                    .collect(Collectors.toList())) {
                Class<?> c = Class.forName(PACKAGE + "." + file.substring(0, file.length() - ".class".length()));
                for (Method m : c.getDeclaredMethods()) {
                    if (m.isAnnotationPresent(Benchmark.class)) {
                        names.add(c.getName() + "." + m.getName());
                    }
                }
            }
        }
        assertTrue(names.size() >= 3, "found only " + names + " in " + dir);
        return names;
    }
}
