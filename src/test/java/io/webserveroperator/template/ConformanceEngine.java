package io.webserveroperator.template;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.ManifestYaml;
import io.webserveroperator.template.source.TemplateTree;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders a conformance case the way the operator renders a resource: the template (and its
 * partials) as a kind's folder in a {@link TemplateTree}, loaded into a {@link TemplateSet} (which
 * applies the engine's trim_blocks), rendered by {@link Renderer} into YAML documents.
 */
final class ConformanceEngine {

  private ConformanceEngine() {}

  static Outcome run(ConformanceCase c, Map<String, Object> base) {
    Map<String, String> files = new TreeMap<>();
    files.put(c.fileName(), c.template());
    c.files().forEach((name, text) -> files.put(c.topic() + "/" + name, text));
    TemplateTree tree = new TemplateTree(Path.of(ConformanceSuite.FOLDER), files, List.of());
    List<Object> documents;
    try {
      TemplateSet set = TemplateSet.load(Fixtures.watch(c.topic()), tree);
      documents = Renderer.documents(set, set.files().get(0), c.resource(base));
    } catch (OperatorException e) {
      return Outcome.failed(e.getMessage(), true);
    } catch (RuntimeException | StackOverflowError e) {
      return Outcome.failed(e.toString(), false);
    }
    return "render".equals(c.via()) ? throughRender(documents) : Outcome.of(documents);
  }

  /**
   * The documents as the {@code render} command prints them, read back by a YAML 1.1 reader, as
   * kubectl reads what it applies.
   */
  private static Outcome throughRender(List<Object> documents) {
    StringBuilder printed = new StringBuilder();
    for (Object document : documents) {
      try {
        printed.append("---\n").append(ManifestYaml.writer().writeValueAsString(document));
      } catch (JsonProcessingException e) {
        throw new UncheckedIOException(e);
      }
    }
    return Outcome.ofYaml11Text(printed.toString());
  }
}
