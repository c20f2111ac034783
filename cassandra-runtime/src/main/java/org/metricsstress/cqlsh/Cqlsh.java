package org.metricsstress.cqlsh;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stand-in for cqlsh in the locally built cassandra image: Testcontainers' CassandraContainer
 * waits for the node, and runs init scripts, with {@code cqlsh [-u U -p P] -e STATEMENT | -f FILE}
 * inside the container. The real cqlsh is Python; this one uses the 3.x Java driver that ships in
 * cassandra-all's dependencies. Exit 0 when every statement succeeds, 1 (and the error) otherwise.
 *
 * <p>Built by this module against those jars (so a mistake fails the build, not the image build);
 * docker/build-images.sh copies target/classes into the image.
 */
public final class Cqlsh {
    public static void main(String[] args) throws Exception {
        String user = null;
        String password = null;
        String statements = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-u", "--username" -> user = args[++i];
                case "-p", "--password" -> password = args[++i];
                case "-e", "--execute" -> statements = args[++i];
                case "-f", "--file" -> statements = Files.readString(Path.of(args[++i]), StandardCharsets.UTF_8);
                default -> { }
            }
        }
        if (statements == null) {
            System.err.println("cqlsh (stand-in): only -e STATEMENT and -f FILE are supported");
            System.exit(2);
        }
        Cluster.Builder b = Cluster.builder().addContactPoint(System.getenv().getOrDefault("CQLSH_HOST", "127.0.0.1"))
                .withPort(9042).withoutJMXReporting().withoutMetrics();
        if (user != null && password != null) {
            b.withCredentials(user, password);
        }
        try (Cluster cluster = b.build(); Session session = cluster.connect()) {
            for (String statement : statements.split(";")) {
                if (statement.isBlank()) {
                    continue;
                }
                ResultSet rs = session.execute(statement.trim());
                ColumnDefinitions columns = rs.getColumnDefinitions();
                for (Row row : rs) {
                    StringBuilder line = new StringBuilder();
                    for (int c = 0; c < columns.size(); c++) {
                        line.append(c == 0 ? " " : " | ").append(row.getObject(c));
                    }
                    System.out.println(line);
                }
            }
        } catch (RuntimeException e) {
            System.err.println("cqlsh (stand-in): " + e.getMessage());
            System.exit(1);
        }
    }
}
