package io.webserveroperator.testing;

import java.nio.file.Path;

/** Where the project's own files (crds, samples, templates) are, for tests. */
public final class Project {

  private Project() {}

  /** The project root: Maven's basedir, or the working folder when run from an IDE. */
  public static Path root() {
    return Path.of(System.getProperty("project.basedir", ".")).toAbsolutePath().normalize();
  }

  /** A file under the project root. */
  public static Path file(String relative) {
    return root().resolve(relative);
  }
}
