package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.source.TemplateTree;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the conformance suite's cases cannot show, as they render one template and its partials: a
 * jinjava-only tag that only a render reaches (through an include of a non-template file) fails
 * that render naming the file and line, as the load refuses the tags of {@code
 * conformance/cases/refused-tags.yaml}; nesting too deep for the render's stack, a partial that
 * does not parse and an expression in a branch no render takes are refused when they load, as
 * Jinja2 does.
 */
class RefusedTemplatesTest {

  static final String ONE_OBJECT = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n";

  @TempDir Path dir;

  @Test
  void refusesATagThatOnlyARenderReaches() throws IOException {
    write(
        Map.of(
            "a.yaml.j2",
            ONE_OBJECT + "data:\n  title: {% include 'notes.txt' %}\n",
            "notes.txt",
            "{% print spec.title %}"));
    TemplateSet set = TemplateSet.load(watch(), TemplateTree.read(dir));

    assertThatThrownBy(
            () ->
                Renderer.documents(
                    set,
                    set.files().get(0),
                    Map.of("metadata", Map.of("name", "n"), "spec", Map.of("title", "t"))))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("refused/a.yaml.j2:")
        .hasMessageContaining("`{% print x %}` is not supported: write `{{ x }}`");
  }

  @Test
  void refusesBlocksNestedDeeperThanRenderingHasStackFor() throws IOException {
    String deep = "{% if true %}".repeat(2_000) + "a: 1" + "{% endif %}".repeat(2_000);
    write(Map.of("a.yaml.j2", ONE_OBJECT, "deep.yaml.j2", deep));

    assertThatThrownBy(() -> TemplateSet.load(watch(), TemplateTree.read(dir)))
        .isInstanceOf(OperatorException.class)
        .hasMessageStartingWith("refused/deep.yaml.j2:1: blocks nest more than 100 deep");
  }

  @Test
  void refusesAPartialThatDoesNotParse() throws IOException {
    write(Map.of("a.yaml.j2", ONE_OBJECT, "_broken.yaml.j2", "a: 1\n{% if %}\n"));

    assertThatThrownBy(() -> TemplateSet.load(watch(), TemplateTree.read(dir)))
        .isInstanceOf(OperatorException.class)
        .hasMessageStartingWith("refused/_broken.yaml.j2:2: the template does not parse");
  }

  @Test
  void refusesAnExpressionThatDoesNotParseInABranchNoRenderTakes() throws IOException {
    write(
        Map.of(
            "a.yaml.j2",
            ONE_OBJECT
                + "{% if false %}\ndata: {{ spec.title ) }}\n{% elif spec.x ( %}\n{% endif %}\n"));

    assertThatThrownBy(() -> TemplateSet.load(watch(), TemplateTree.read(dir)))
        .isInstanceOf(OperatorException.class)
        .hasMessageStartingWith(
            "refused/a.yaml.j2:6: the expression 'spec.title )' does not parse: ");
  }

  @Test
  void loadsAnExpressionThatCallsAMacroDefinedOnlyWhenItRenders() throws IOException {
    write(
        Map.of(
            "a.yaml.j2",
            "{% macro name() %}a{% endmacro %}"
                + ONE_OBJECT.replace("name: a", "name: {{ name() }}")));

    TemplateSet set = TemplateSet.load(watch(), TemplateTree.read(dir));

    assertThat(set.files()).hasSize(1);
  }

  private void write(Map<String, String> files) throws IOException {
    Path folder = Files.createDirectories(dir.resolve("refused"));
    for (Map.Entry<String, String> file : files.entrySet()) {
      Files.writeString(folder.resolve(file.getKey()), file.getValue());
    }
  }

  private static TemplatedKind watch() {
    return Fixtures.watch("refused");
  }
}
