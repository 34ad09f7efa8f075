package io.webserveroperator.lint;

import java.util.Locale;
import java.util.Objects;

/**
 * One thing lint found, printed as {@code file:line: level: message}.
 *
 * @param file the file at fault, as the user named its folder (for example {@code
 *     templates/webserver/deployment.yaml.j2})
 * @param line the 1-based line in that file; 0 when no one line is at fault
 * @param level whether it fails the lint
 * @param message what is wrong and what to do, as a sentence
 */
public record Finding(String file, int line, Level level, String message) {

  /**
   * How much a finding matters: errors make lint exit 1, warnings do not; a note says what lint did
   * not check.
   */
  public enum Level {
    ERROR,
    WARNING,
    NOTE;

    /** As printed: {@code error}, {@code warning}, {@code note}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public Finding {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(message, "message");
    if (line < 0) {
      throw new IllegalArgumentException("line must be 0 or more: " + line);
    }
  }

  static Finding error(String file, int line, String message) {
    return new Finding(file, line, Level.ERROR, message);
  }

  static Finding warning(String file, int line, String message) {
    return new Finding(file, line, Level.WARNING, message);
  }

  static Finding note(String file, int line, String message) {
    return new Finding(file, line, Level.NOTE, message);
  }

  /** {@code file:line: level: message}, the line left out when it is not known. */
  @Override
  public String toString() {
    return file + (line > 0 ? ":" + line : "") + ": " + level.label() + ": " + message;
  }
}
