package org.metricsstress.config;

/**
 * A command's own options as a front end's parser was given them: typed by the option table, so
 * that the core reads and checks them and the front end only parses.
 */
public interface GivenOptions {
    /**
     * The option's value as its {@link ValueType} reads it; its default when not given (a flag: whether given).
     * What each shell's parser implements; code that uses a value reads it through {@link #get}.
     */
    Object value(OptionDef option);

    /** The option's value, typed: given, else its default (null when it has none); a flag: whether given. */
    default <T> T get(Option<T> option) {
        return option.cast(value(option.def()));
    }

    /** Whether the user gave the option (a flag: named it). */
    default boolean given(Option<?> option) {
        return given(option.def());
    }

    /** What the user typed, for a message; the default as shown when not given. */
    default String text(Option<?> option) {
        return text(option.def());
    }

    /** Whether the user gave the option (a flag: named it). */
    boolean given(OptionDef option);

    /** What the user typed, for a message; the default as shown when not given. */
    String text(OptionDef option);
}
