package io.webserveroperator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A folder written the way the kubelet writes a ConfigMap volume (its AtomicWriter): the files in a
 * timestamped folder {@code ..2026_11_30_20_43_11.1234567}, a {@code ..data} link to it, and one
 * link per top-level entry ({@code watches.yaml -> ..data/watches.yaml}, {@code webserver ->
 * ..data/webserver}). An update writes a new timestamped folder, points {@code ..data_tmp} at it,
 * renames that over {@code ..data} (one atomic step), adds and removes the top-level links, and
 * deletes the old folder.
 */
public final class ConfigMapVolume {

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("'..'yyyy_MM_dd_HH_mm_ss.");

  private final Path root;

  private ConfigMapVolume(Path root) {
    this.root = root;
  }

  /**
   * Writes a volume at {@code root} (created if missing).
   *
   * @param files text by path in the volume: a key, or an {@code items} path with {@code /}
   */
  public static ConfigMapVolume write(Path root, Map<String, String> files) {
    ConfigMapVolume volume = new ConfigMapVolume(root);
    volume.update(files);
    return volume;
  }

  /**
   * The files of a ConfigMap's data with {@code items}: each key at its path.
   *
   * @param items path by key, as a volume's {@code items} list them
   */
  public static Map<String, String> items(Map<String, String> data, Map<String, String> items) {
    Map<String, String> files = new LinkedHashMap<>();
    items.forEach((key, path) -> files.put(path, data.get(key)));
    return files;
  }

  public Path root() {
    return root;
  }

  /**
   * Replaces the volume's content with {@code files}, as the kubelet does on a ConfigMap change.
   */
  public void update(Map<String, String> files) {
    try {
      Files.createDirectories(root);
      Path previous = dataTarget();
      Path stamped = Files.createTempDirectory(root, LocalDateTime.now().format(STAMP));
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path target = stamped.resolve(file.getKey());
        Files.createDirectories(target.getParent());
        Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
      }
      Path tmp = root.resolve("..data_tmp");
      Files.createSymbolicLink(tmp, stamped.getFileName());
      Files.move(tmp, root.resolve("..data"), StandardCopyOption.ATOMIC_MOVE);

      Set<String> top = new LinkedHashSet<>();
      files.keySet().forEach(path -> top.add(Path.of(path).getName(0).toString()));
      for (String name : top) {
        Path link = root.resolve(name);
        if (!Files.isSymbolicLink(link)) {
          Files.createSymbolicLink(link, Path.of("..data").resolve(name));
        }
      }
      try (Stream<Path> entries = Files.list(root)) {
        for (Path entry : (Iterable<Path>) entries::iterator) {
          String name = entry.getFileName().toString();
          if (!name.startsWith("..") && !top.contains(name)) {
            Files.delete(entry);
          }
        }
      }
      if (previous != null) {
        delete(previous);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path dataTarget() throws IOException {
    Path data = root.resolve("..data");
    return Files.isSymbolicLink(data) ? root.resolve(Files.readSymbolicLink(data)) : null;
  }

  private static void delete(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(path);
      }
    }
    if (Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException("could not delete " + folder);
    }
  }
}
