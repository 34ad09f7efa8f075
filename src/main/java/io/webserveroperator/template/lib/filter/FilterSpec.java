package io.webserveroperator.template.lib.filter;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything about one filter in one place: its names, what it does in a line (docs/templates.md
 * lists the same), its Jinja2 signature, its size limit, whether it looks at a missing value or at
 * template text itself, and its body. Declared in the family classes ({@link StringFilters}, ...),
 * collected by {@link FilterCatalog}; the {@link FilterStage}s read the rest.
 *
 * @param names the name, then its aliases ({@code default}, {@code d})
 * @param doc what the filter does, one sentence
 * @param seesUndefined whether the filter decides about a missing value ({@code default}); every
 *     other filter fails on one, with its name
 * @param seesFragments whether the filter keeps template text as template text ({@code indent},
 *     {@code trim}); every other filter gets its text as a string
 * @param body what it computes, or null for jinjava's own filter of that name, which is kept
 */
public record FilterSpec(
    List<String> names,
    String doc,
    Signature signature,
    SizeLimit sizeLimit,
    boolean seesUndefined,
    boolean seesFragments,
    FilterBody body) {

  public FilterSpec {
    names = List.copyOf(names);
    if (names.isEmpty() || doc.isBlank() || !doc.endsWith(".")) {
      throw new IllegalArgumentException("a filter needs a name and a one-sentence doc: " + names);
    }
  }

  /** A filter with no arguments, no size limit, strict about missing values and fragments. */
  public static FilterSpec of(String name, String doc, FilterBody.Plain body) {
    return withInterpreter(name, doc, (v, interpreter, a, k) -> body.apply(v, a, k));
  }

  /** As {@link #of}, for a body that looks up other filters or tests. */
  static FilterSpec withInterpreter(String name, String doc, FilterBody body) {
    return new FilterSpec(List.of(name), doc, Signature.NONE, SizeLimit.NONE, false, false, body);
  }

  /** jinjava's own filter of that name, whose results are Jinja2's already. */
  static FilterSpec jinjavas(String name, String doc) {
    return new FilterSpec(List.of(name), doc, Signature.NONE, SizeLimit.NONE, false, false, null);
  }

  public String name() {
    return names.get(0);
  }

  /** The same filter under one more name. */
  FilterSpec alias(String alias) {
    List<String> more = new ArrayList<>(names);
    more.add(alias);
    return new FilterSpec(more, doc, signature, sizeLimit, seesUndefined, seesFragments, body);
  }

  /** Takes these parameters, none of them required. */
  FilterSpec takes(String... parameters) {
    return takes(0, parameters);
  }

  /** Takes these parameters, the first {@code required} of them required. */
  FilterSpec takes(int required, String... parameters) {
    return withSignature(new Signature(required, List.of(parameters), false));
  }

  /** Takes any arguments, which its body reads and checks. */
  public FilterSpec takesAnyArguments() {
    return withSignature(Signature.ANY);
  }

  FilterSpec limitedBy(SizeLimit limit) {
    return new FilterSpec(names, doc, signature, limit, seesUndefined, seesFragments, body);
  }

  FilterSpec seeingUndefined() {
    return new FilterSpec(names, doc, signature, sizeLimit, true, seesFragments, body);
  }

  FilterSpec seeingFragments() {
    return new FilterSpec(names, doc, signature, sizeLimit, seesUndefined, true, body);
  }

  private FilterSpec withSignature(Signature signature) {
    return new FilterSpec(names, doc, signature, sizeLimit, seesUndefined, seesFragments, body);
  }

  /** The filter that computes this one's results under {@code name}, before any stage. */
  Filter filter(String name, Filter jinjavas) {
    return body == null ? jinjavas : new BodyFilter(name, body);
  }

  private record BodyFilter(String name, FilterBody body) implements Filter {

    @Override
    public String getName() {
      return name;
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
      return body.apply(var, interpreter, args, Map.of());
    }

    @Override
    public Object filter(
        Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
      return body.apply(var, interpreter, args, kwargs);
    }
  }
}
