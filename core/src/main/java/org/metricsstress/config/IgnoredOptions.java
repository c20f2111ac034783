package org.metricsstress.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Settings away from their defaults that the chosen writer model does not use, said at the start
 * of the run rather than silently ignored. Warnings, not refusals: bench and find-max run one
 * user's options through both writer models. A setting given at its default changes nothing either
 * way, so it is not told apart from one left alone. Which settings those are is each model's answer.
 */
public final class IgnoredOptions {
    private IgnoredOptions() {}

    static List<String> warnings(StressConfig c) {
        WriterModel model = c.pipeline().model();
        List<String> out = new ArrayList<>();
        SortedSet<String> unused = model.unusedOptions(c);
        if (!unused.isEmpty()) {
            // The models of the same storage: a Newts option is the other Newts writer's, never the TSS path's.
            String others = WriterModels.all().stream().filter(m -> m != model)
                    .filter(m -> !model.writesToCassandra() || m.writesToCassandra()).map(WriterModel::label)
                    .collect(Collectors.joining(" or "));
            out.add("warning: " + String.join(", ", unused) + (unused.size() > 1 ? " apply" : " applies")
                    + " to --writer " + others + " only: ignored with --writer " + model.label());
        }
        out.addAll(model.warnings(c));
        if (c.pipeline().writers().paths().stream().noneMatch(w -> w == Writer.TSS)) {
            SortedSet<String> tss = new java.util.TreeSet<>();
            for (OptionDef d : StressOptions.all()) {
                if (d.section() == OptionDef.Section.TSS && d.typed() != null && d.typed().getter() != null
                        && !Objects.equals(d.typed().defaultValue(), d.typed().getter().apply(c))) {
                    tss.add(d.longName());
                }
            }
            if (!tss.isEmpty()) {
                out.add("warning: " + String.join(", ", tss) + (tss.size() > 1 ? " apply" : " applies")
                        + " to --writer tss only: ignored with --writer " + c.pipeline().writers().text());
            }
        }
        return out;
    }

    /** The setting of {@code option} as {@code c} holds it (its result-file getter). */
    public static Object value(StressConfig c, String option) {
        OptionDef d = StressOptions.byName(option);
        return d.typed() == null || d.typed().getter() == null ? null : d.typed().getter().apply(c);
    }

    /** Adds {@code option} to {@code unused} when {@code c} holds it away from its default. */
    public static void ifChanged(SortedSet<String> unused, StressConfig c, String option,
            Function<StressConfig, Object> get) {
        if (!Objects.equals(StressOptions.byName(option).defaultValue(), get.apply(c))) {
            unused.add(option);
        }
    }
}
