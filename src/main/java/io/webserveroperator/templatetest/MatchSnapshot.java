package io.webserveroperator.templatetest;

import io.webserveroperator.manifest.ManifestYaml;
import io.webserveroperator.manifest.RenderedObject;
import java.io.IOException;
import java.util.List;

/**
 * {@code matchSnapshot}: the render (every object, or those the selector matches) is the same as
 * the last one stored, as YAML in render order, each object headed by its template.
 *
 * @param document which objects
 * @param name the snapshot's name in the snapshot file: the case's name, numbered from the second
 *     snapshot of a case on
 */
record MatchSnapshot(DocumentSelector document, String name) implements Assertion {

  @Override
  public void check(CaseContext context) {
    List<RenderedObject> objects = context.rendering().matching(document);
    if (objects.isEmpty()) {
      throw new AssertionFailure(
          "nothing matches. Rendered: " + context.rendering().summary() + ".");
    }
    StringBuilder text = new StringBuilder();
    for (RenderedObject object : objects) {
      text.append("---\n# Source: ").append(object.template()).append('\n');
      try {
        text.append(
            ManifestYaml.writer()
                .writeValueAsString(context.rendering().secrets().maskMap(object.body())));
      } catch (IOException e) {
        throw new AssertionFailure("cannot print " + object.ref() + ": " + e);
      }
    }
    context.snapshots().match(name, text.toString());
  }

  @Override
  public String describe() {
    return "matchSnapshot"
        + (document.equals(DocumentSelector.ANY) ? "" : " of " + document.describe());
  }
}
