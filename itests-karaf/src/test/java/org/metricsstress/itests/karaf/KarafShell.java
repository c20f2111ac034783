package org.metricsstress.itests.karaf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;

/**
 * Karaf's SSH shell as a user reaches it, logged in as {@code karaf}: one command per exec channel
 * (its output and exit status), or an interactive session on a terminal, where Ctrl-C is a key.
 *
 * <p>Every command gets a session of its own, as with {@code ssh karaf@host command}: Karaf ends the
 * SSH session when an exec command finishes, so a second channel on it would be refused.
 */
final class KarafShell implements AutoCloseable {
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]");

    /** What a command printed (ANSI colours removed) and its exit status. */
    record Result(int status, String output) {}

    /**
     * Connect and authenticate, each. 10 s was once too short in CI: a login right after a Ctrl-C'd
     * run never finished its handshake (sshd logged the broken pipe when the client gave up), and
     * a rerun of the same test passed; what is tested is the command, not the handshake's speed.
     */
    private static final Duration LOGIN_TIMEOUT = Duration.ofSeconds(30);

    private final SshClient client;
    private final int port;

    private KarafShell(SshClient client, int port) {
        this.client = client;
        this.port = port;
    }

    static KarafShell on(int port) {
        SshClient client = SshClient.setUpDefaultClient();
        // A test server with a host key made at its first boot: nothing to pin it against.
        client.setServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE);
        client.start();
        return new KarafShell(client, port);
    }

    private ClientSession login() throws IOException {
        ClientSession session = client.connect("karaf", "127.0.0.1", port).verify(LOGIN_TIMEOUT).getSession();
        try {
            session.addPasswordIdentity("karaf");
            session.auth().verify(LOGIN_TIMEOUT);
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    Result exec(String command, Duration timeout) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ClientSession session = login(); ChannelExec channel = session.createExecChannel(command)) {
            channel.setOut(out);
            channel.setErr(out);
            channel.open().verify(timeout);
            Set<ClientChannelEvent> events = channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), timeout);
            if (!events.contains(ClientChannelEvent.CLOSED)) {
                throw new IOException("'" + command + "' did not finish within " + timeout.toSeconds() + " s; so far:\n"
                        + text(out));
            }
            Integer status = channel.getExitStatus();
            return new Result(status == null ? -1 : status, text(out));
        }
    }

    /** A login shell on a terminal; what it prints accumulates in {@link Terminal#screen()}. */
    Terminal terminal() throws IOException {
        ClientSession session = login();
        try {
            ChannelShell channel = session.createShellChannel();
            channel.setPtyType("xterm");
            ByteArrayOutputStream screen = new ByteArrayOutputStream();
            channel.setOut(screen);
            channel.setErr(screen);
            channel.open().verify(LOGIN_TIMEOUT);
            return new Terminal(session, channel, screen);
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** An interactive session: type into it, read what it shows. */
    static final class Terminal implements AutoCloseable {
        private final ClientSession session;
        private final ChannelShell channel;
        private final ByteArrayOutputStream screen;
        private final OutputStream keyboard;

        private Terminal(ClientSession session, ChannelShell channel, ByteArrayOutputStream screen) {
            this.session = session;
            this.channel = channel;
            this.screen = screen;
            this.keyboard = channel.getInvertedIn();
        }

        void type(String text) throws IOException {
            keyboard.write(text.getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
        }

        void ctrlC() throws IOException {
            keyboard.write(3);
            keyboard.flush();
        }

        String screen() {
            return text(screen);
        }

        /** Waits until the screen matches, or fails with what it shows. */
        String awaitScreen(Pattern pattern, Duration timeout) throws IOException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                String s = screen();
                if (pattern.matcher(s).find()) {
                    return s;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
            throw new IOException("the terminal never showed /" + pattern + "/ within " + timeout.toSeconds()
                    + " s; it shows:\n" + screen());
        }

        @Override
        public void close() throws IOException {
            try {
                channel.close(false);
            } finally {
                session.close();
            }
        }
    }

    private static String text(ByteArrayOutputStream out) {
        return ANSI.matcher(out.toString(StandardCharsets.UTF_8)).replaceAll("").replace("\r", "");
    }

    @Override
    public void close() {
        client.stop();
    }
}
