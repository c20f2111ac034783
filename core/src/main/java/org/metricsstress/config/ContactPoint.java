package org.metricsstress.config;

import java.util.ArrayList;
import java.util.List;

/** A Cassandra node to connect to first: {@code host:port}, port defaulting to 9042. */
public record ContactPoint(String host, int port) {
    public static final int DEFAULT_PORT = 9042;

    public static List<ContactPoint> parseList(String option, String value) {
        List<ContactPoint> points = new ArrayList<>();
        for (String part : value.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                throw new ConfigException(option + ": empty contact point in '" + value + "' (expected host:port,host:port)");
            }
            points.add(parse(option, p));
        }
        return List.copyOf(points);
    }

    static ContactPoint parse(String option, String text) {
        String host = text;
        int port = DEFAULT_PORT;
        int colon = text.lastIndexOf(':');
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                throw new ConfigException(option + ": '" + text + "' is not host:port");
            }
            host = text.substring(1, close);
            if (close + 1 < text.length()) {
                if (text.charAt(close + 1) != ':') {
                    throw new ConfigException(option + ": '" + text + "' is not host:port");
                }
                port = port(option, text, text.substring(close + 2));
            }
        } else if (colon >= 0) {
            if (text.indexOf(':') != colon) {
                throw new ConfigException(option + ": '" + text + "' is not host:port (write IPv6 addresses as [addr]:port)");
            }
            host = text.substring(0, colon);
            port = port(option, text, text.substring(colon + 1));
        }
        // A name or IPv4 address; IPv6 (with an optional %zone) only between brackets.
        boolean valid = text.startsWith("[") ? host.matches("[0-9A-Fa-f:.]+(%[A-Za-z0-9_.\\-]+)?")
                : host.matches("[A-Za-z0-9.\\-_]+");
        if (!valid) {
            throw new ConfigException(option + ": '" + text + "' has no valid host name");
        }
        return new ContactPoint(host, port);
    }

    private static int port(String option, String whole, String text) {
        try {
            int port = Integer.parseInt(text);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the one error message
        }
        throw new ConfigException(option + ": '" + whole + "' has no valid port (1-65535)");
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
