package org.metricsstress.config;

import java.util.Objects;

/**
 * An option by type: the table's {@link OptionDef} with the {@link ValueType} its value has, so
 * that code reads {@code given.get(MAX_ROUNDS)} as an {@code Integer} instead of naming the option
 * by string and casting what comes back. The lists the parser, help, docs/options.md and the Karaf
 * completer walk stay lists of {@link OptionDef}: {@link #def()} is the entry they hold.
 *
 * <p>The value type is checked once, when the constant is made; that check is what makes the one
 * unchecked cast in {@link #cast} safe.
 *
 * @param def  the table's entry
 * @param type the type its values are parsed into
 * @param <T>  the value's type
 */
public record Option<T>(OptionDef def, ValueType<T> type) {
    public Option {
        Objects.requireNonNull(def, "def");
        if (def.typed().type() != type) {
            throw new IllegalArgumentException(def.longName() + " is not of the value type given for it");
        }
    }

    /** A command's own option (no setter): declared by the holder of its group, listed by the table. */
    public static <T> Option<T> own(String longName, String label, String help, OptionDef.Section section,
            ValueType<T> type, T defaultValue, String defaultNote) {
        return new Option<>(OptionDef.own(longName, label, help, section, type, defaultValue, defaultNote), type);
    }

    /** A command's own option with a short name as well ({@code -o}). */
    public static <T> Option<T> own(String shortName, String longName, String label, String help,
            OptionDef.Section section, ValueType<T> type, T defaultValue, String defaultNote) {
        return new Option<>(new OptionDef(shortName, longName, label, help, section, null,
                new OptionDef.Typed<>(type, defaultValue, defaultNote, null, null)), type);
    }

    /** The typed view of an entry of the table; fails at once if its values are not of {@code type}. */
    public static <T> Option<T> of(OptionDef def, ValueType<T> type) {
        return new Option<>(def, type);
    }

    public String longName() {
        return def.longName();
    }

    /** The typed default, or null when it is derived or absent. */
    public T defaultValue() {
        return cast(def.defaultValue());
    }

    /** The typed value of {@code text}, as the parser would read it. */
    public T parse(String text) {
        return type.parse(def.longName(), text);
    }

    /** A value read through {@link OptionDef} (typed by this option's own {@link ValueType}) as {@code T}. */
    @SuppressWarnings("unchecked")
    T cast(Object value) {
        return (T) value;
    }
}
