package org.metricsstress.karaf;

import java.util.regex.Pattern;
import org.apache.karaf.shell.api.console.CommandLoggingFilter;

/**
 * Hides the value of {@code --password} in the command lines Karaf writes to its log. (The shell's
 * history file is not filtered: the settings file or {@code --password-file} keep a password out
 * of it.)
 */
final class PasswordMask implements CommandLoggingFilter {
    private static final Pattern PASSWORD = Pattern.compile("(--password(?:=|\\s+))(\"[^\"]*\"|'[^']*'|\\S+)");

    @Override
    public CharSequence filter(CharSequence command) {
        return PASSWORD.matcher(command).replaceAll("$1*****");
    }
}
