package org.metricsstress.cluster.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.ChildProcesses;

/**
 * A throwaway local Redis, as the bench starts for its Redis phases: the {@code redis-server} on
 * the PATH, on 127.0.0.1 and a free port, with no persistence, in a directory of its own; stopped
 * (this process only, by its handle) and its directory removed at the end.
 */
public final class LocalRedis implements AutoCloseable {
    private static final long START_MILLIS = 10_000;

    private final Process process;
    private final int port;
    private final Path dir;

    private LocalRedis(Process process, int port, Path dir) {
        this.process = process;
        this.port = port;
        this.dir = dir;
    }

    /** Starts one, or says in a line why the Redis phases are skipped and returns null. */
    public static LocalRedis startIfInstalled(PrintStream out) {
        Path binary = ChildProcesses.onPath("redis-server");
        if (binary == null) {
            out.println("bench: no redis-server on the PATH: the Redis phases are skipped (install Debian's"
                    + " redis-server, or give --redis URI)");
            return null;
        }
        Path dir = null;
        Process process = null;
        try {
            int port = ChildProcesses.freePort();
            dir = Files.createTempDirectory("metrics-stress-redis");
            process = new ProcessBuilder(binary.toString(), "--bind", "127.0.0.1", "--port", String.valueOf(port),
                    "--save", "", "--appendonly", "no", "--dir", dir.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
            awaitPong(port, process);
            out.printf("bench: started %s on 127.0.0.1:%d for the Redis phases%n", binary, port);
            return new LocalRedis(process, port, dir);
        } catch (IOException e) {
            ChildProcesses.stop(process, java.time.Duration.ofSeconds(5));
            ChildProcesses.delete(dir);
            out.println("bench: could not start " + binary + " (" + e.getMessage() + "): the Redis phases are skipped");
            return null;
        }
    }

    public URI uri() {
        return URI.create("redis://127.0.0.1:" + port);
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, java.time.Duration.ofSeconds(5));
        ChildProcesses.delete(dir);
    }

    private static void awaitPong(int port, Process process) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("it exited with " + process.exitValue());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                OutputStream o = s.getOutputStream();
                o.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
                o.flush();
                InputStream in = s.getInputStream();
                byte[] reply = new byte[7];
                int n = in.read(reply);
                if (n > 0 && new String(reply, 0, n, StandardCharsets.US_ASCII).startsWith("+PONG")) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while it started");
            }
        }
        throw new IOException("no answer to PING within " + START_MILLIS / 1000 + " s");
    }




}
