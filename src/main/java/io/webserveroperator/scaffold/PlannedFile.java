package io.webserveroperator.scaffold;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A file {@code create api} writes.
 *
 * @param path where
 * @param content its whole new text
 * @param created whether it is new (else an existing file is changed)
 */
public record PlannedFile(Path path, String content, boolean created) {

  public PlannedFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(content, "content");
  }
}
