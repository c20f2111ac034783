package org.metricsstress.writer.tss.tags;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where {@code --tss-external-tags-store} points: {@code postgresql://user@host:port/db} (libpq's
 * form) or a JDBC URL {@code jdbc:postgresql://host:port/db?user=...}. The password never comes from
 * the URL (it would end up in shell histories and results) but from
 * {@value #PASSWORD_VARIABLE}.
 *
 * @param jdbcUrl  the URL the driver is given (user and password travel as properties)
 * @param user     the user from a libpq URL, or null (a JDBC URL carries its own)
 * @param hostPort {@code host:port}, for messages
 */
public record StoreAddress(String jdbcUrl, String user, String hostPort) {
    /** The environment variable that holds the store's password, if it needs one. */
    public static final String PASSWORD_VARIABLE = org.metricsstress.config.StressOptions.TSS_STORE_PASSWORD_ENV;
    static final String OPTION = "--tss-external-tags-store";
    private static final int DEFAULT_PORT = 5432;

    /** Reads one; a malformed address is an {@link IllegalArgumentException} with a one-line message. */
    public static StoreAddress parse(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            String rest = url.substring("jdbc:".length());
            URI u = uri(rest.startsWith("postgresql://") ? rest : "postgresql://localhost/" + rest.substring("postgresql:".length()));
            if (u.getUserInfo() != null) {
                throw bad("a JDBC URL names its user as ?user=...");
            }
            if (url.contains("password=")) {
                throw bad("give the password in " + PASSWORD_VARIABLE + ", not in the URL");
            }
            return new StoreAddress(url, null, hostPort(u));
        }
        if (url.startsWith("postgresql://") || url.startsWith("postgres://")) {
            URI u = uri(url);
            String user = u.getRawUserInfo();
            if (user != null && user.contains(":")) {
                throw bad("give the password in " + PASSWORD_VARIABLE + ", not in the URL");
            }
            String db = u.getPath() == null || u.getPath().length() <= 1 ? "postgres" : u.getPath().substring(1);
            String jdbc = "jdbc:postgresql://" + hostPort(u) + "/" + db;
            return new StoreAddress(jdbc, user, hostPort(u));
        }
        throw bad("expected postgresql://user@host:port/db or jdbc:postgresql://host:port/db");
    }

    private static URI uri(String text) {
        try {
            URI u = new URI(text);
            if (u.getHost() == null) {
                throw bad("no host in it");
            }
            return u;
        } catch (URISyntaxException e) {
            throw bad(e.getReason());
        }
    }

    private static String hostPort(URI u) {
        return u.getHost() + ":" + (u.getPort() < 0 ? DEFAULT_PORT : u.getPort());
    }

    private static IllegalArgumentException bad(String why) {
        // The URL is not echoed whole: it may hold a password the user should not see in a log.
        return new IllegalArgumentException(OPTION + ": " + why);
    }
}
