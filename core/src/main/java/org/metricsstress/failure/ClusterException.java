package org.metricsstress.failure;

/**
 * The cluster could not be used: unreachable, rejected the schema, refused the credentials. The
 * message is one line for the user; front ends exit with {@code 3}.
 */
public final class ClusterException extends Exception {
    /** The contact points where nothing accepted a connection, or null when something did. */
    private final String nothingAnswersAt;

    public ClusterException(String message) {
        this(message, null);
    }

    private ClusterException(String message, String nothingAnswersAt) {
        super(message, null, false, false);
        this.nothingAnswersAt = nothingAnswersAt;
    }

    /**
     * Nothing listens at any of the contact points {@code where}: no cluster there at all, so the
     * user is told what to give rather than what the driver saw of a closed socket.
     */
    public static ClusterException nothingAnswers(String where) {
        return new ClusterException(nothingAnswers(where, ""), where);
    }

    /**
     * The message, with {@code alternative} to --contact-points named where nothing answers (the
     * jar's {@code --embedded}, for a command that offers it); else the message as it is.
     */
    public String getMessage(String alternative) {
        return nothingAnswersAt == null ? getMessage() : nothingAnswers(nothingAnswersAt, ", or " + alternative);
    }

    private static String nothingAnswers(String where, String orElse) {
        return "nothing answers at " + where + ": give --contact-points" + orElse;
    }
}
