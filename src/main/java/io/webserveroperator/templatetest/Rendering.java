package io.webserveroperator.templatetest;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.Rendered;
import io.webserveroperator.template.SecretValues;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What one case rendered: the objects, or the error that stopped the render.
 *
 * @param objects the rendered objects, in render order; empty when the render failed
 * @param secrets the values of the Secrets the render read, masked wherever a case shows objects
 * @param error why the render failed, or null
 */
record Rendering(List<RenderedObject> objects, SecretValues secrets, OperatorException error) {

  Rendering {
    objects = List.copyOf(objects);
  }

  static Rendering of(Rendered rendered) {
    return new Rendering(rendered.objects(), rendered.secrets(), null);
  }

  static Rendering of(List<RenderedObject> objects) {
    return new Rendering(objects, SecretValues.NONE, null);
  }

  static Rendering failed(OperatorException error) {
    return new Rendering(List.of(), SecretValues.NONE, error);
  }

  /**
   * The objects the selector matches.
   *
   * @throws AssertionFailure when the render failed, since nothing can be checked then
   */
  List<RenderedObject> matching(DocumentSelector selector) {
    if (error != null) {
      throw new AssertionFailure("the render failed: " + error.getMessage());
    }
    return objects.stream().filter(o -> selector.matches(o.ref())).toList();
  }

  /**
   * The one object the selector matches, as a tree.
   *
   * @throws AssertionFailure when it matches none or several, naming what rendered
   */
  JsonNode object(DocumentSelector selector) {
    List<RenderedObject> found = matching(selector);
    if (found.size() != 1) {
      throw new AssertionFailure(
          (found.isEmpty() ? "no object matches " : found.size() + " objects match ")
              + selector.describe()
              + (found.isEmpty() ? "" : "; name one with document: {kind: ..., name: ...}")
              + ". Rendered: "
              + summary()
              + ".");
    }
    return JsonValues.tree(found.get(0).body());
  }

  /** {@code Deployment shop-deployment, Service shop-service}, or {@code nothing}. */
  String summary() {
    if (objects.isEmpty()) {
      return "nothing";
    }
    return objects.stream()
        .map(o -> o.ref().kind() + " " + o.ref().name())
        .collect(Collectors.joining(", "));
  }
}
