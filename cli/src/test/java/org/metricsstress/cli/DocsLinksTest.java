package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the Markdown files of the repository (README.md, docs/, deploy/, ...)
 * leads to a file that exists, and a link to a heading ({@code page.md#heading}) to a heading that
 * exists; every {@code docs/...} path named in a source, build or Markdown file exists.
 */
class DocsLinksTest {
    /** Surefire runs in the module directory; the repository is its parent. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern DOCS_PATH = Pattern.compile("(?<![\\w./-])docs/[\\w./-]*\\w\\.(?:md|json|png)");

    private static List<Path> files(String... suffixes) throws IOException {
        try (Stream<Path> walk = Files.walk(ROOT)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> {
                        Path rel = ROOT.relativize(p);
                        for (Path part : rel) {
                            String n = part.toString();
                            if (n.equals("target") || n.equals("node_modules") || n.startsWith(".")) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .filter(p -> Stream.of(suffixes).anyMatch(s -> p.toString().endsWith(s)))
                    .toList();
        }
    }

    /** The lines of a Markdown file outside fenced code blocks. */
    private static List<String> prose(Path md) throws IOException {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(md)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced) {
                out.add(line);
            }
        }
        return out;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, blanks to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                sb.appendCodePoint(c);
            } else if (c == ' ') {
                sb.append('-');
            }
            i += Character.charCount(c);
        }
        return sb.toString();
    }

    private static Set<String> anchors(Path md) throws IOException {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(md)) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String s = slug(h.group(1));
                int n = seen.merge(s, 1, Integer::sum);
                out.add(n == 1 ? s : s + "-" + (n - 1));
            }
        }
        return out;
    }

    @Test
    void slugsAreGitHubs() {
        assertEquals("is-the-load-machine-the-limit-bench---client-only",
                slug("Is the load machine the limit? `bench --client-only`"));
        assertEquals("cluster-and-security", slug("Cluster and security"));
        assertEquals("scylladb-what-was-and-was-not-tested", slug("ScyllaDB: what was and was not tested"));
    }

    @Test
    void everyRelativeLinkInTheMarkdownResolves() throws IOException {
        List<Path> markdown = files(".md");
        assertTrue(markdown.contains(ROOT.resolve("README.md")) && markdown.contains(ROOT.resolve("docs/options.md")),
                "found " + markdown);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path md : markdown) {
            for (String line : prose(md)) {
                Matcher m = LINK.matcher(line);
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                        continue; // https:, mailto:: not ours to check here
                    }
                    checked++;
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    String anchor = hash < 0 ? null : target.substring(hash + 1);
                    Path resolved = file.isEmpty() ? md : md.getParent().resolve(file).normalize();
                    String where = ROOT.relativize(md) + ": " + target;
                    if (!Files.exists(resolved)) {
                        broken.add(where + " (no such file)");
                    } else if (anchor != null && resolved.toString().endsWith(".md")
                            && !anchors(resolved).contains(anchor)) {
                        broken.add(where + " (no such heading; there are " + anchors(resolved) + ")");
                    }
                }
            }
        }
        assertTrue(checked > 50, "only " + checked + " links found");
        assertTrue(broken.isEmpty(), "broken links:\n" + String.join("\n", broken));
    }

    @Test
    void everyDocsPathNamedInTheRepositoryExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path f : files(".java", ".md", ".xml", ".yaml", ".yml", ".sh", ".cfg")) {
            Matcher m = DOCS_PATH.matcher(Files.readString(f));
            while (m.find()) {
                if (!Files.exists(ROOT.resolve(m.group()))) {
                    missing.add(ROOT.relativize(f) + ": " + m.group());
                }
            }
        }
        assertTrue(missing.isEmpty(), "named but missing:\n" + String.join("\n", missing));
    }
}
