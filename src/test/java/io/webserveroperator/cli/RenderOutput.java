package io.webserveroperator.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;

/** The YAML that the {@code render} command prints for one object, for tests in other packages. */
public final class RenderOutput {

  private RenderOutput() {}

  public static String yaml(Object document) {
    try {
      return RenderCommand.YAML.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
