package org.metricsstress.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLContext;

/**
 * Asks a port whether it speaks CQL, with one OPTIONS request of the native protocol.
 *
 * <p>An open port alone proves little: some other process may hold it. A reply frame with the
 * response bit set proves a CQL server is listening and past its start-up.
 */
public final class CqlProbe {

    /** Protocol v4 request header: version, flags, stream id (2 bytes), opcode OPTIONS, body length 0. */
    private static final byte[] OPTIONS_V4 = {0x04, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00};
    private static final int RESPONSE_BIT = 0x80;
    private static final int HEADER_LENGTH = 9;

    private CqlProbe() {
    }

    public static boolean answers(InetSocketAddress address, int timeoutMillis) {
        return answers(address, timeoutMillis, null);
    }

    /** As {@link #answers(InetSocketAddress, int)}, over TLS when {@code tls} is given. */
    public static boolean answers(InetSocketAddress address, int timeoutMillis, SSLContext tls) {
        try (Socket plain = new Socket()) {
            plain.connect(address, timeoutMillis);
            plain.setSoTimeout(Math.max(timeoutMillis, 2000));
            Socket socket = tls == null ? plain
                    : tls.getSocketFactory().createSocket(plain, address.getHostString(), address.getPort(), true);
            OutputStream out = socket.getOutputStream();
            out.write(OPTIONS_V4);
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] header = in.readNBytes(HEADER_LENGTH);
            // Any reply counts, even ERROR (opcode 0): only a CQL server answers this frame at all.
            return header.length == HEADER_LENGTH && (header[0] & RESPONSE_BIT) != 0;
        } catch (IOException e) {
            return false;
        }
    }
}
