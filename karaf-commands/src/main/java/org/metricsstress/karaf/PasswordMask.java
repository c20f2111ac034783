package org.metricsstress.karaf;

import java.util.regex.Pattern;
import org.apache.karaf.shell.api.console.CommandLoggingFilter;
import org.metricsstress.config.Parse;

/**
 * Hides the value of {@code --password} and the user-info of any URI (a Redis URI may carry
 * {@code user:password@}) in the command lines Karaf writes to its log. (The shell's history file
 * is not filtered: the settings file, the environment or {@code --password-file} keep a password
 * out of it.)
 */
final class PasswordMask implements CommandLoggingFilter {
    private static final Pattern PASSWORD = Pattern.compile("(--password(?:=|\\s+))(\"[^\"]*\"|'[^']*'|\\S+)");

    @Override
    public CharSequence filter(CharSequence command) {
        return Parse.withoutUserInfo(PASSWORD.matcher(command).replaceAll("$1*****"));
    }
}
