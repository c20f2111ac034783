package org.metricsstress.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The registered writer models, one per value of {@code --writer}. The models live above the
 * configuration (each with its pipeline), so they are found as services
 * (META-INF/services/org.metricsstress.config.WriterModel) rather than named here; a value of the
 * option without its model fails at the first question, not in the middle of a run.
 */
public final class WriterModels {
    /** What the bench holds a model for. */
    public enum Role {
        /** The client OpenNMS runs (its NewtsWriter): what the field sees, the reference measured against. */
        REFERENCE,
        /** This tool's own design: what a better client would get from the same cluster. */
        CANDIDATE,
        /** OpenNMS's path after Newts (its time series integration layer): a migration's target. */
        SUCCESSOR
    }

    private static final Map<Writer, WriterModel> BY_ID = load();

    private WriterModels() {}

    private static Map<Writer, WriterModel> load() {
        Map<Writer, WriterModel> byId = new EnumMap<>(Writer.class);
        // This class's own loader: the models ship in the same jar (and the same OSGi bundle).
        for (WriterModel m : ServiceLoader.load(WriterModel.class, WriterModel.class.getClassLoader())) {
            WriterModel before = byId.put(m.id(), m);
            if (before != null) {
                throw new IllegalStateException("two writer models for --writer " + m.label() + ": "
                        + before.getClass().getName() + " and " + m.getClass().getName());
            }
        }
        return byId;
    }

    /** Every registered model, in the option's order. */
    public static List<WriterModel> all() {
        return Collections.unmodifiableList(new ArrayList<>(BY_ID.values()));
    }

    /** The model {@code --writer} chose. */
    public static WriterModel of(Writer id) {
        WriterModel m = BY_ID.get(id);
        if (m == null) {
            throw new IllegalStateException("no writer model registered for --writer " + id);
        }
        return m;
    }

    /**
     * The model a saved result's config echo names ({@code "writer"}), the way the option reads it;
     * a result without one (made before the option) or with a name no model answers to was a run of
     * the option's default.
     */
    public static WriterModel named(Object text) {
        if (text != null) {
            // A parallel write's echo ("opennms,tss") is the run of its first path.
            String first = String.valueOf(text).split(",", -1)[0].trim();
            for (WriterModel m : BY_ID.values()) {
                if (m.label().equalsIgnoreCase(first)) {
                    return m;
                }
            }
        }
        return of(StressOptions.WRITER.defaultValue().first());
    }

    /** The model that plays {@code role} in the bench: exactly one does. */
    public static WriterModel inRole(Role role) {
        List<WriterModel> found = BY_ID.values().stream().filter(m -> m.role() == role).toList();
        if (found.size() != 1) {
            throw new IllegalStateException(found.size() + " writer models in the role " + role + ", not one");
        }
        return found.get(0);
    }

    /** The client OpenNMS runs: the reference the bench measures against. */
    public static WriterModel reference() {
        return inRole(Role.REFERENCE);
    }

    /** This tool's design, measured against the reference. */
    public static WriterModel candidate() {
        return inRole(Role.CANDIDATE);
    }
}
