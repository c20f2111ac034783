package org.metricsstress.config;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;

/**
 * Builds a section record from the builder's values, by component name. This is what lets a
 * setting's field be written once, as the section's record component: the builder keeps no field of
 * its own, and no constructor call lists the fields again. The section's own constructor validates.
 */
final class SectionAssembler {
    private SectionAssembler() {}

    static <R extends Record> R assemble(Class<R> section, Map<String, Object> values) {
        RecordComponent[] components = section.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = values.get(components[i].getName());
            if (args[i] == null && types[i].isPrimitive()) {
                // A setter or a default is missing from the builder or the option table: a bug, not a user's mistake.
                throw new IllegalStateException(section.getSimpleName() + "." + components[i].getName()
                        + " has no value");
            }
        }
        try {
            Constructor<R> canonical = section.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r; // the section's own one-line ConfigException
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + section.getSimpleName(), e);
        }
    }
}
