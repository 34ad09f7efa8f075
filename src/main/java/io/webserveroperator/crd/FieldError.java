package io.webserveroperator.crd;

import java.util.Objects;

/**
 * One reason the API server would refuse a custom resource, in its words: {@code spec.replicas:
 * Invalid value: 0: spec.replicas in body should be greater than or equal to 1}.
 *
 * @param path the field, as Kubernetes writes field paths ({@code spec.ports[0]}, {@code
 *     spec.labels.app})
 * @param message what the API server says after the path
 */
public record FieldError(String path, String message) {

  public FieldError {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return path + ": " + message;
  }
}
