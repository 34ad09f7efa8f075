package io.webserveroperator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No circle of packages in the source's imports. ArchUnit reads bytecode, where an import that only
 * Javadoc uses ({@code {@link Other}}) leaves no trace; a reader still has to follow it, so this
 * reads the import lines themselves.
 */
class SourceImportsTest {

  private static final Path MAIN = Path.of("src/main/java");
  private static final Pattern IMPORT =
      Pattern.compile("^import (?:static )?(io\\.webserveroperator(?:\\.[a-z0-9]+)*)\\.[A-Z]");

  @Test
  void noPackageReachesItselfThroughItsImports() throws IOException {
    Map<String, Set<String>> imports = imports();

    List<String> circles = new ArrayList<>();
    for (String start : imports.keySet()) {
      circle(start, imports).ifPresent(circles::add);
    }

    assertThat(circles).as("packages that reach themselves through imports").isEmpty();
  }

  /** The packages each package imports, its own left out. */
  private static Map<String, Set<String>> imports() throws IOException {
    Map<String, Set<String>> imports = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> sources = Files.walk(MAIN)) {
      files = sources.filter(file -> file.toString().endsWith(".java")).toList();
    }
    for (Path file : files) {
      String pack = MAIN.relativize(file.getParent()).toString().replace('/', '.');
      Set<String> imported = imports.computeIfAbsent(pack, p -> new TreeSet<>());
      for (String line : Files.readAllLines(file)) {
        Matcher matcher = IMPORT.matcher(line);
        if (matcher.find() && !matcher.group(1).equals(pack)) {
          imported.add(matcher.group(1));
        }
      }
    }
    return imports;
  }

  /** A path of imports from {@code start} back to itself, as {@code a -> b -> a}, if any. */
  private static Optional<String> circle(String start, Map<String, Set<String>> imports) {
    Deque<List<String>> paths = new ArrayDeque<>();
    paths.add(List.of(start));
    Set<String> seen = new TreeSet<>();
    while (!paths.isEmpty()) {
      List<String> path = paths.poll();
      for (String next : imports.getOrDefault(path.get(path.size() - 1), Set.of())) {
        List<String> longer = new ArrayList<>(path);
        longer.add(next);
        if (next.equals(start)) {
          return Optional.of(String.join(" -> ", longer));
        }
        if (seen.add(next)) {
          paths.add(longer);
        }
      }
    }
    return Optional.empty();
  }
}
