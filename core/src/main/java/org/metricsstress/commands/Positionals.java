package org.metricsstress.commands;

/**
 * The words a command takes besides options, such as the result files of {@code report}.
 *
 * @param label       how help names one ({@code RESULT.json})
 * @param atLeastOne  whether at least one must be given (else any number, none included)
 * @param description what they are, for help
 */
public record Positionals(String label, boolean atLeastOne, String description) {
    /** No positional words: a stray word is a mistake. */
    public static final Positionals NONE = new Positionals(null, false, null);

    public boolean any() {
        return label != null;
    }
}
