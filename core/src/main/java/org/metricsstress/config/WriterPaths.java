package org.metricsstress.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The write paths {@code --writer} names, in its order: one writer model, or a Newts writer and
 * the TSS path side by side ({@code opennms,tss}), as OpenNMS's parallel writes run both, each
 * with its own ring and workers. The first path is the run's: its audit and verdict are the top
 * level of the result.
 */
public record WriterPaths(List<Writer> paths) {

    public WriterPaths {
        paths = List.copyOf(paths);
        if (paths.isEmpty() || paths.size() > 2) {
            throw new ConfigException("--writer: one writer model, or a Newts writer and tss (opennms,tss); got "
                    + text(paths));
        }
        if (paths.size() == 2 && (paths.get(1) != Writer.TSS || paths.get(0) == Writer.TSS)) {
            throw new ConfigException("--writer " + text(paths) + ": a parallel write is a Newts writer, then tss "
                    + "(opennms,tss or pipelined,tss), as OpenNMS writes Newts and the integration layer side by side");
        }
    }

    public static WriterPaths of(Writer only) {
        return new WriterPaths(List.of(only));
    }

    /** Reads {@code opennms}, {@code tss} or {@code opennms,tss}. */
    public static WriterPaths parse(String option, String text) {
        ValueType<Writer> one = ValueType.oneOf(Writer.class);
        List<Writer> paths = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            paths.add(one.parse(option, part.trim()));
        }
        return new WriterPaths(paths);
    }

    /** The run's own path: the first named. */
    public Writer first() {
        return paths.get(0);
    }

    /** The path written beside the first, or null. */
    public Writer beside() {
        return paths.size() > 1 ? paths.get(1) : null;
    }

    /** As the option reads it. */
    public String text() {
        return text(paths);
    }

    private static String text(List<Writer> paths) {
        return paths.stream().map(w -> w.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return text();
    }
}
