package org.metricsstress.config;

/**
 * A command's own options as a front end's parser was given them: typed by the option table, so
 * that the core reads and checks them and the front end only parses.
 */
public interface GivenOptions {
    /** The option's value as its {@link ValueType} reads it; its default when not given (a flag: whether given). */
    Object value(OptionDef option);

    /** Whether the user gave the option (a flag: named it). */
    boolean given(OptionDef option);

    /** What the user typed, for a message; the default as shown when not given. */
    String text(OptionDef option);
}
