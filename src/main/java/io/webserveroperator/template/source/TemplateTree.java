package io.webserveroperator.template.source;

import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every file under a templates root at one moment, by its path relative to the root ({@code
 * webserver/deployment.yaml.j2}), read the same way from a checkout and from a Kubernetes ConfigMap
 * volume.
 *
 * <p>A ConfigMap volume is a timestamped folder, a {@code ..data} link to it that the kubelet swaps
 * atomically on update, and one link per top-level entry. So links are followed, the kubelet's own
 * {@code ..} entries are skipped (their content is reached through the links), and a file at the
 * root whose name holds {@code __} stands for the path with {@code /} there, because ConfigMap keys
 * cannot hold {@code /}: the key {@code webserver__deployment.yaml.j2} is read as {@code
 * webserver/deployment.yaml.j2}, and the volume needs no {@code items} list.
 *
 * @param root the folder read, absolute
 * @param files text by relative path, {@code /}-separated, in path order
 * @param folders the folders visited (the root first), for watching them for changes
 */
public record TemplateTree(Path root, Map<String, String> files, List<Path> folders) {

  /** Where a flattened ConfigMap key has a {@code /}. */
  static final String FLATTENED_SLASH = "__";

  public TemplateTree {
    files = Map.copyOf(files);
    folders = List.copyOf(folders);
  }

  /**
   * Reads every file under {@code root}, following links.
   *
   * @throws OperatorException when the root is no folder, a file cannot be read, links loop, or two
   *     files stand for the same path
   */
  public static TemplateTree read(Path root) {
    Path base = root.toAbsolutePath().normalize();
    if (!Files.isDirectory(base)) {
      throw new OperatorException("The templates folder " + base + " does not exist.");
    }
    Map<String, String> files = new TreeMap<>();
    Map<String, Path> origins = new LinkedHashMap<>();
    List<Path> folders = new ArrayList<>();
    try {
      Files.walkFileTree(
          base,
          EnumSet.of(FileVisitOption.FOLLOW_LINKS),
          Integer.MAX_VALUE,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              if (!dir.equals(base) && isKubeletEntry(dir)) {
                return FileVisitResult.SKIP_SUBTREE;
              }
              folders.add(dir);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
                throws IOException {
              if (attributes.isRegularFile() && !isKubeletEntry(file)) {
                String path = logicalPath(base.relativize(file));
                Path earlier = origins.putIfAbsent(path, file);
                if (earlier != null) {
                  throw new OperatorException(
                      "Both "
                          + earlier
                          + " and "
                          + file
                          + " stand for the template "
                          + path
                          + "; keep one.");
                }
                files.put(path, Files.readString(file, StandardCharsets.UTF_8));
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
              throw e;
            }
          });
    } catch (IOException e) {
      throw new OperatorException("Cannot read the templates under " + base + ": " + e, e);
    }
    return new TemplateTree(base, files, folders);
  }

  /** The text of one file, by its path relative to the root. */
  public Optional<String> file(String path) {
    return Optional.ofNullable(files.get(path));
  }

  /** The files under {@code folder} (relative to the root), by their path relative to it. */
  public Map<String, String> folder(String folder) {
    String prefix = folder.isEmpty() ? "" : folder + "/";
    Map<String, String> inside = new TreeMap<>();
    files.forEach(
        (path, text) -> {
          if (path.startsWith(prefix)) {
            inside.put(path.substring(prefix.length()), text);
          }
        });
    return inside;
  }

  private static boolean isKubeletEntry(Path path) {
    return path.getFileName().toString().startsWith("..");
  }

  private static String logicalPath(Path relative) {
    String path = relative.toString().replace('\\', '/');
    return relative.getNameCount() == 1 ? path.replace(FLATTENED_SLASH, "/") : path;
  }
}
