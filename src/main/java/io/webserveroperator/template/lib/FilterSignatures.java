package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.List;
import java.util.Map;

/**
 * The parameters of each filter, as Jinja2 3.1 declares them (and docs/templates.md for the
 * engine's own), checked on every call as Python checks a call: an unknown keyword, an argument
 * given twice, too many arguments or a missing one fail the render, where jinjava would ignore
 * them. Filters that take any arguments ({@code map}, {@code format}, {@code select}, ...) are not
 * listed.
 */
public final class FilterSignatures {

  /**
   * @param required how many of the first parameters must be given
   * @param parameters the parameters after the value, in order
   */
  private record Signature(int required, List<String> parameters) {}

  private static final Map<String, Signature> SIGNATURES =
      Map.ofEntries(
          optional("abs"),
          Map.entry("attr", new Signature(1, List.of("name"))),
          Map.entry("batch", new Signature(1, List.of("linecount", "fill_with"))),
          optional("capitalize"),
          optional("center", "width"),
          optional("count"),
          optional("d", "default_value", "boolean"),
          optional("default", "default_value", "boolean"),
          optional("dictsort", "case_sensitive", "by", "reverse"),
          optional("e"),
          optional("escape"),
          optional("filesizeformat", "binary"),
          optional("first"),
          optional("float", "default"),
          optional("forceescape"),
          Map.entry("groupby", new Signature(1, List.of("attribute", "default", "case_sensitive"))),
          optional("indent", "width", "first", "blank"),
          optional("int", "default", "base"),
          optional("items"),
          optional("join", "d", "attribute"),
          optional("last"),
          optional("length"),
          optional("list"),
          optional("lower"),
          optional("max", "case_sensitive", "attribute"),
          optional("min", "case_sensitive", "attribute"),
          optional("pprint"),
          Map.entry("replace", new Signature(2, List.of("old", "new", "count"))),
          optional("reverse"),
          optional("round", "precision", "method"),
          optional("safe"),
          Map.entry("slice", new Signature(1, List.of("slices", "fill_with"))),
          optional("sort", "reverse", "case_sensitive", "attribute"),
          optional("string"),
          optional("striptags"),
          optional("sum", "attribute", "start"),
          optional("title"),
          optional("tojson", "indent"),
          optional("trim", "chars"),
          optional("truncate", "length", "killwords", "end", "leeway"),
          optional("unique", "case_sensitive", "attribute"),
          optional("upper"),
          optional("urlencode"),
          optional("urlize", "trim_url_limit", "nofollow", "target", "rel", "extra_schemes"),
          optional("wordcount"),
          optional("wordwrap", "width", "break_long_words", "wrapstring", "break_on_hyphens"),
          optional("xmlattr", "autospace"),
          // The engine's own (docs/templates.md).
          optional("to_yaml"),
          optional("toyaml"),
          optional("to_json"),
          optional("nindent", "width"),
          optional("b64encode"),
          optional("b64decode"),
          optional("sha256"),
          optional("quote"),
          optional("required", "message"));

  private FilterSignatures() {}

  private static Map.Entry<String, Signature> optional(String filter, String... parameters) {
    return Map.entry(filter, new Signature(0, List.of(parameters)));
  }

  /** Wraps every listed filter of the engine's global context with its signature check. */
  public static void register(Context global) {
    for (Filter filter : List.copyOf(global.getAllFilters())) {
      Signature signature = SIGNATURES.get(filter.getName());
      if (signature != null) {
        global.registerFilter(new Checked(filter, signature));
      }
    }
  }

  private static void check(
      String filter, Signature signature, int positional, Map<String, ?> kwargs) {
    List<String> parameters = signature.parameters();
    if (positional > parameters.size()) {
      throw new TemplateFailure(
          "the filter '"
              + filter
              + "' takes "
              + (parameters.isEmpty()
                  ? "no arguments"
                  : "at most "
                      + parameters.size()
                      + (parameters.size() == 1 ? " argument (" : " arguments (")
                      + String.join(", ", parameters)
                      + ")")
              + ", not "
              + positional);
    }
    for (String name : kwargs.keySet()) {
      int index = parameters.indexOf(name);
      if (index < 0) {
        throw new TemplateFailure(
            "the filter '"
                + filter
                + "' has no argument '"
                + name
                + "'"
                + (parameters.isEmpty() ? "" : "; it takes " + String.join(", ", parameters)));
      }
      if (index < positional) {
        throw new TemplateFailure(
            "the filter '" + filter + "' got its argument '" + name + "' twice");
      }
    }
    for (int i = positional; i < signature.required(); i++) {
      if (!kwargs.containsKey(parameters.get(i))) {
        throw new TemplateFailure(
            "the filter '" + filter + "' needs its argument '" + parameters.get(i) + "'");
      }
    }
  }

  /** A filter whose calls are checked against its signature first. */
  private static final class Checked extends FilterLayer {

    private final Signature signature;

    Checked(Filter inner, Signature signature) {
      super(inner);
      this.signature = signature;
    }

    @Override
    Object before(Object var, Object[] args, Map<String, Object> kwargs) {
      check(getName(), signature, args.length, kwargs);
      return var;
    }
  }
}
