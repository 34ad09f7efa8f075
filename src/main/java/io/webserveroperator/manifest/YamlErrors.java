package io.webserveroperator.manifest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Says in one line why a YAML file could not be read and where, {@code file:line:column: not valid
 * YAML: problem}, instead of the parser's multi-line excerpt or an exception's class name.
 */
public final class YamlErrors {

  private YamlErrors() {}

  /**
   * @param source the file as the user named it, or {@code -} for stdin
   * @param error what reading or parsing it threw
   */
  public static String describe(String source, IOException error) {
    if (error instanceof NoSuchFileException) {
      return source + " does not exist";
    }
    if (error instanceof AccessDeniedException) {
      return source + " cannot be read: permission denied";
    }
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof MarkedYAMLException marked && marked.getProblemMark() != null) {
        Mark mark = marked.getProblemMark();
        return source
            + ":"
            + (mark.getLine() + 1)
            + ":"
            + (mark.getColumn() + 1)
            + ": not valid YAML: "
            + marked.getProblem()
            + (marked.getContext() == null ? "" : " (" + marked.getContext() + ")");
      }
    }
    if (error instanceof JsonProcessingException json) {
      JsonLocation location = json.getLocation();
      String problem = json.getOriginalMessage();
      return source
          + (location != null && location.getLineNr() > 0
              ? ":" + location.getLineNr() + ":" + location.getColumnNr()
              : "")
          + ": not valid YAML: "
          + (problem == null ? "" : problem.lines().findFirst().orElse(problem));
    }
    return source + " cannot be read: " + error.getMessage();
  }
}
