package org.metricsstress.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The project's main sources as text: each file's package, the types it declares, and every
 * reference it makes to a project package by import or by qualified name, with its line. The
 * class files cannot show all of that: javac copies a compile-time constant (a static final
 * primitive or String) into the class that reads it, so the class that read it no longer names
 * the class that holds it.
 *
 * <p>Code is read without its string and character literals and its comments, but for the
 * qualified names a Javadoc comment links to ({@code {@link}}, {@code {@linkplain}},
 * {@code {@value}}, {@code @see}): the javadoc tool resolves those, so they name a dependency
 * as much as an import does. Shared with {@code FrontEndLayeringTest} of module {@code testing}
 * through core's test-jar.
 */
public final class JavaSources {
    /** The repository, for a test that runs in a module's directory (as Surefire runs it). */
    public static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    /** A reference from one source line to a qualified project name, such as {@code org.metricsstress.result.CacheSummary}. */
    public record Reference(Path file, int line, String fromPackage, String target) {
        /** Where it is, as a failure names it: the file relative to the repository, and the line. */
        public String where() {
            return REPOSITORY.relativize(file.toAbsolutePath().normalize()) + ":" + line;
        }
    }

    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** A top-level type: declared at the start of a line, as every file of the project is formatted. */
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "^(?:(?:public|final|abstract|sealed|non-sealed|strictfp)\\s+)*(?:class|interface|record|enum|@interface)\\s+(\\w+)",
            Pattern.MULTILINE);
    private static final Pattern JAVADOC_LINK = Pattern.compile("(?:\\{@(?:link|linkplain|value)|@see)\\s+([\\w.#]+)");

    private final String root;
    private final List<Path> files;
    private final Map<String, Set<String>> typesByPackage = new TreeMap<>();
    private final List<Reference> references = new ArrayList<>();

    private JavaSources(String root, List<Path> files) {
        this.root = root;
        this.files = files;
    }

    /**
     * Reads every {@code .java} file under the given source roots (paths relative to the
     * repository, such as {@code core/src/main/java}).
     *
     * @param root the project's root package with its dot, {@code org.metricsstress.}
     */
    public static JavaSources read(String root, List<String> sourceRoots) {
        List<Path> files = new ArrayList<>();
        for (String sourceRoot : sourceRoots) {
            Path dir = REPOSITORY.resolve(sourceRoot);
            if (!Files.isDirectory(dir)) {
                throw new AssertionError("no source root " + dir + ": the list of roots is out of date");
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        JavaSources sources = new JavaSources(root, files);
        files.forEach(sources::readFile);
        return sources;
    }

    /** Each package (its full name) and the top-level types its files declare. */
    public Map<String, Set<String>> typesByPackage() {
        return Collections.unmodifiableMap(typesByPackage);
    }

    /** Every reference to a name under the root package, in file and line order. */
    public List<Reference> references() {
        return Collections.unmodifiableList(references);
    }

    public int fileCount() {
        return files.size();
    }

    /**
     * The part of a full package or qualified name below the root that names a package of the
     * layering: its first segment ({@code org.metricsstress.result.CacheSummary} is {@code result}).
     */
    public String layer(String qualified) {
        String rest = qualified.startsWith(root) ? qualified.substring(root.length()) : qualified;
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private void readFile(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher pkg = PACKAGE.matcher(text);
        if (!pkg.find()) {
            throw new AssertionError(file + " declares no package");
        }
        String packageName = pkg.group(1);
        Set<String> types = typesByPackage.computeIfAbsent(packageName, k -> new TreeSet<>());
        String name = file.getFileName().toString();
        if (!name.equals("package-info.java")) {
            types.add(name.substring(0, name.length() - ".java".length()));
        }
        Matcher type = TOP_LEVEL_TYPE.matcher(text);
        while (type.find()) {
            types.add(type.group(1));
        }
        scan(file, packageName, text);
    }

    /**
     * Walks the text once, keeping code apart from comments and literals: qualified names are
     * taken from code and from Javadoc links, never from strings or plain comment prose.
     */
    private void scan(Path file, String packageName, String text) {
        StringBuilder code = new StringBuilder(text.length());
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                i = blankUntil(text, code, i, text.indexOf('\n', i) < 0 ? n : text.indexOf('\n', i));
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                if (text.startsWith("/**", i)) {
                    javadocLinks(file, packageName, text, i, end);
                }
                i = blankUntil(text, code, i, end);
            } else if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                i = blankUntil(text, code, i, end < 0 ? n : end + 3);
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                i = blankUntil(text, code, i, Math.min(n, j + 1));
            } else {
                code.append(c);
                i++;
            }
        }
        Matcher m = qualifiedName().matcher(code);
        while (m.find()) {
            add(file, packageName, text, m.start(), m.group(1));
        }
    }

    /** Copies the span as blanks, its line breaks kept, so offsets in the code stay the text's. */
    private static int blankUntil(String text, StringBuilder code, int from, int to) {
        for (int k = from; k < to; k++) {
            code.append(text.charAt(k) == '\n' ? '\n' : ' ');
        }
        return to;
    }

    private void javadocLinks(Path file, String packageName, String text, int from, int to) {
        Matcher m = JAVADOC_LINK.matcher(text).region(from, to);
        while (m.find()) {
            String target = m.group(1);
            int hash = target.indexOf('#');
            target = hash < 0 ? target : target.substring(0, hash);
            if (target.startsWith(root)) {
                add(file, packageName, text, m.start(1), target);
            }
        }
    }

    private Pattern qualifiedName() {
        return Pattern.compile("(?<![\\w.])(" + Pattern.quote(root) + "[\\w.]*\\w)");
    }

    private void add(Path file, String packageName, String text, int offset, String target) {
        int line = 1;
        for (int k = 0; k < offset; k++) {
            if (text.charAt(k) == '\n') {
                line++;
            }
        }
        references.add(new Reference(file, line, packageName, target));
    }
}
