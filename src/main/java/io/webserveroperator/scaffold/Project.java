package io.webserveroperator.scaffold;

import java.nio.file.Path;

/**
 * A project's folders, as this repository lays them out: {@code templates/} (with watches.yaml and
 * kustomization.yaml), {@code crds/}, {@code samples/}, {@code deploy/} and {@code
 * deploy-sharded/}.
 *
 * @param root the folder that holds them
 */
public record Project(Path root) {

  public Path templates() {
    return root.resolve("templates");
  }

  public Path crds() {
    return root.resolve("crds");
  }

  public Path samples() {
    return root.resolve("samples");
  }

  public Path deploy() {
    return root.resolve("deploy");
  }

  public Path deploySharded() {
    return root.resolve("deploy-sharded");
  }

  /** A file's path as the project names it, for messages: {@code templates/watches.yaml}. */
  public String name(Path file) {
    return root.toAbsolutePath()
        .normalize()
        .relativize(file.toAbsolutePath().normalize())
        .toString();
  }
}
