package io.webserveroperator.template.lib.filter;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Every filter a template can name, collected from the families: Jinja2's builtins with Jinja2's
 * semantics, and the engine's own for Kubernetes (docs/templates.md lists them all). Adding a
 * filter is one {@link FilterSpec} in its family.
 */
public final class FilterCatalog {

  /** The filters, family by family. */
  public static final List<FilterSpec> ALL =
      Stream.of(
              StringFilters.ALL,
              NumberFilters.ALL,
              CollectionFilters.ALL,
              OrderFilters.ALL,
              SelectionFilters.ALL,
              MarkupFilters.ALL,
              StructuredFilters.ALL,
              EncodingFilters.ALL,
              MissingValueFilters.ALL)
          .flatMap(List::stream)
          .toList();

  private static final Set<String> NAMES = namesOf(ALL);

  private FilterCatalog() {}

  /** Every name and alias of the catalog's filters. */
  public static Set<String> names() {
    return NAMES;
  }

  /**
   * Registers the catalog's filters and {@code others} (the refused ones) on the engine's global
   * context, each inside every {@link FilterStage}, replacing jinjava's of the same names. Every
   * filter jinjava has must be among them: one left as jinjava wrote it would escape the stages.
   */
  public static void install(Context global, List<FilterSpec> others) {
    List<FilterSpec> specs = new ArrayList<>(ALL);
    specs.addAll(others);
    Set<String> installed = namesOf(specs);
    for (Filter jinjavas : global.getAllFilters()) {
      if (!installed.contains(jinjavas.getName())) {
        throw new IllegalStateException(
            "jinjava's filter '" + jinjavas.getName() + "' has no spec");
      }
    }
    for (FilterSpec spec : specs) {
      for (String name : spec.names()) {
        Filter jinjavas = global.getFilter(name);
        if (spec.body() == null && jinjavas == null) {
          throw new IllegalStateException("jinjava has no filter '" + name + "' to keep");
        }
        global.registerFilter(FilterStage.wrapAll(spec.filter(name, jinjavas), spec));
      }
    }
  }

  private static Set<String> namesOf(List<FilterSpec> specs) {
    Set<String> names = new HashSet<>();
    for (FilterSpec spec : specs) {
      for (String name : spec.names()) {
        if (!names.add(name)) {
          throw new IllegalStateException("two filters are named '" + name + "'");
        }
      }
    }
    return Set.copyOf(names);
  }
}
