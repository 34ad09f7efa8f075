package io.webserveroperator.template.lib.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FilterCatalogTest {

  private static final Path TEMPLATES_MD = Path.of("docs/templates.md");

  private static final Undefined MISSING = Undefined.because("'spec.portz' is undefined");

  /** The filter table of docs/templates.md, as the catalog says it should read. */
  static List<String> expectedTable() {
    return FilterCatalog.ALL.stream().map(FilterCatalogTest::row).toList();
  }

  private static String row(FilterSpec spec) {
    String names =
        spec.names().stream()
            .skip(1)
            .map(alias -> " / `" + alias + "`")
            .collect(Collectors.joining("", "`" + spec.name() + call(spec.signature()) + "`", ""));
    return "| " + names + " | " + spec.doc() + " |";
  }

  /** {@code (old, new[, count])}: the optional parameters in brackets. */
  private static String call(Signature signature) {
    if (signature.anyArguments()) {
      return "(*args, **kwargs)";
    }
    List<String> parameters = signature.parameters();
    if (parameters.isEmpty()) {
      return "";
    }
    String required = String.join(", ", parameters.subList(0, signature.required()));
    String optional =
        String.join(", ", parameters.subList(signature.required(), parameters.size()));
    if (optional.isEmpty()) {
      return "(" + required + ")";
    }
    return "(" + required + (required.isEmpty() ? "[" : "[, ") + optional + "])";
  }

  @Test
  void templatesMdListsEveryFilterOfTheCatalogAndNoOther() throws IOException {
    List<String> lines = Files.readAllLines(TEMPLATES_MD);
    int heading = lines.indexOf("## Filters");
    assertThat(heading).as("docs/templates.md has a '## Filters' section").isNotNegative();
    List<String> table =
        lines.subList(heading + 1, lines.size()).stream()
            .dropWhile(line -> !line.startsWith("| `"))
            .takeWhile(line -> line.startsWith("| `"))
            .toList();
    assertThat(table)
        .as(
            "the table under '## Filters' in docs/templates.md; it should read:\n%s",
            String.join("\n", expectedTable()))
        .containsExactlyElementsOf(expectedTable());
  }

  @Test
  void everyFilterJinjavaKeepsExistsInJinjava() {
    Context jinjavas = new Jinjava().getGlobalContext();
    for (FilterSpec spec : FilterCatalog.ALL) {
      if (spec.body() == null) {
        for (String name : spec.names()) {
          assertThat(jinjavas.getFilter(name)).as(name).isNotNull();
        }
      }
    }
  }

  @Test
  void aStrictFilterFailsOnAMissingValueWithItsReason() {
    assertThatThrownBy(
            () -> installed("replace").filter(MISSING, null, new Object[] {"a", "b"}, Map.of()))
        .isInstanceOf(TemplateFailure.class)
        .hasMessageContaining("spec.portz");
  }

  @Test
  void aFilterThatDecidesAboutMissingValuesSeesOne() {
    assertThat(installed("d").filter(MISSING, null, new Object[] {8080L}, Map.of()))
        .isEqualTo(8080L);
    assertThat(installed("items").filter(MISSING, null, new Object[0], Map.of()))
        .isEqualTo(List.of());
  }

  @Test
  void theSignatureIsCheckedBeforeTheBodyRuns() {
    assertThatThrownBy(() -> installed("replace").filter("x", null, new Object[] {"a"}, Map.of()))
        .hasMessage("the filter 'replace' needs its argument 'new'");
    assertThatThrownBy(
            () -> installed("d").filter(MISSING, null, new Object[0], Map.of("value", 1)))
        .hasMessage("the filter 'd' has no argument 'value'; it takes default_value, boolean");
  }

  @Test
  void aResultTooLargeIsRefusedBeforeItIsBuilt() {
    assertThatThrownBy(
            () -> installed("center").filter("x", null, new Object[] {1L << 40}, Map.of()))
        .isInstanceOf(TemplateFailure.class)
        .hasMessageContaining("center");
  }

  @Test
  void installRefusesAContextWithAFilterNoSpecCovers() {
    Context global = new Jinjava().getGlobalContext();
    assertThatThrownBy(() -> FilterCatalog.install(global, List.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has no spec");
  }

  private static FilterSpec spec(String name) {
    return FilterCatalog.ALL.stream()
        .filter(spec -> spec.names().contains(name))
        .findFirst()
        .orElseThrow();
  }

  /** The filter as the engine installs it, inside every stage. */
  private static Filter installed(String name) {
    FilterSpec spec = spec(name);
    return FilterStage.wrapAll(spec.filter(name, null), spec);
  }
}
