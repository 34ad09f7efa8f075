package io.webserveroperator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A copy of the project's own folders as a user's checkout has them (templates, CRDs, samples,
 * deploy/, deploy-sharded/, schemas/), for tests that run {@code create api} and the commands after
 * it in a project of their own.
 */
public final class ProjectCopy {

  /** The folders copied. */
  public static final List<String> FOLDERS =
      List.of("templates", "crds", "samples", "deploy", "deploy-sharded", "schemas");

  private ProjectCopy() {}

  /** Copies {@link #FOLDERS} into {@code target} and returns it. */
  public static Path into(Path target) {
    for (String folder : FOLDERS) {
      Path source = Project.file(folder);
      try (Stream<Path> files = Files.walk(source)) {
        for (Path file : files.toList()) {
          Path copy = target.resolve(folder).resolve(source.relativize(file).toString());
          if (Files.isDirectory(file)) {
            Files.createDirectories(copy);
          } else {
            Files.copy(file, copy);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return target;
  }

  /** Every file under {@code root} with its text, to see what a command changed. */
  public static Map<String, String> files(Path root) {
    Map<String, String> texts = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        texts.put(root.relativize(file).toString(), Files.readString(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return texts;
  }

  /** The arguments that point {@code lint} at the copy's folders. */
  public static List<String> lintArgs(Path root) {
    return List.of(
        "lint",
        "--templates",
        root.resolve("templates").toString(),
        "--crds",
        root.resolve("crds").toString(),
        "--samples",
        root.resolve("samples").toString(),
        "--deploy",
        root.resolve("deploy").toString(),
        "--schemas",
        root.resolve("schemas").toString());
  }

  /** The arguments that point {@code test} at the copy's folders. */
  public static List<String> testArgs(Path root) {
    return List.of(
        "test",
        "--templates",
        root.resolve("templates").toString(),
        "--crds",
        root.resolve("crds").toString());
  }
}
