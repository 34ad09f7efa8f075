package io.webserveroperator.template.lib.filter;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import com.hubspot.jinjava.objects.Namespace;
import io.webserveroperator.template.lib.LoopView;
import io.webserveroperator.template.python.NamedTuple;
import io.webserveroperator.template.python.PythonOrder;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Jinja2's {@code select}, {@code reject} (a test, or Python truthiness without one) and {@code
 * groupby} (groups that are {@code (grouper, list)} tuples with those names, sorted by grouper).
 */
final class SelectionFilters {

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.withInterpreter(
                  "select",
                  "The items that pass a test (named, with its arguments), or are true.",
                  selection("select", true))
              .takesAnyArguments(),
          FilterSpec.withInterpreter(
                  "reject",
                  "The items that fail a test (named, with its arguments), or are false.",
                  selection("reject", false))
              .takesAnyArguments(),
          FilterSpec.withInterpreter(
                  "selectattr",
                  "The items whose attribute passes a test, or is true.",
                  attributeSelection("selectattr", true))
              .takesAnyArguments(),
          FilterSpec.withInterpreter(
                  "rejectattr",
                  "The items whose attribute fails a test, or is false.",
                  attributeSelection("rejectattr", false))
              .takesAnyArguments(),
          FilterSpec.withInterpreter(
                  "map",
                  "Each item through a filter (named, with its arguments), or its `attribute=`.",
                  SelectionFilters::map)
              .takesAnyArguments(),
          FilterSpec.of(
                  "groupby",
                  "The items in `(grouper, list)` groups by `attribute`, sorted by grouper.",
                  SelectionFilters::groupby)
              .takes(1, "attribute", "default", "case_sensitive"),
          FilterSpec.of(
                  "attr",
                  "An attribute of the value, never an item: a mapping's key is undefined.",
                  SelectionFilters::attr)
              .takes(1, "name"));

  private SelectionFilters() {}

  /** Jinja2's {@code select} and {@code reject(value, test=None, *args)}. */
  private static FilterBody selection(String name, boolean keep) {
    return (var, interpreter, args, kwargs) -> {
      refuseKeywords(name, kwargs);
      ExpTest test =
          args.length == 0 ? null : interpreter.getContext().getExpTest(String.valueOf(args[0]));
      Object[] testArgs = args.length > 1 ? Arrays.copyOfRange(args, 1, args.length) : args;
      List<Object> kept = new ArrayList<>();
      for (Object item : FilterInput.items(var, name)) {
        boolean passes =
            test == null ? PythonTruth.of(item) : test.evaluate(item, interpreter, testArgs);
        if (passes == keep) {
          kept.add(item);
        }
      }
      return kept;
    };
  }

  /** Jinja2 would pass keyword arguments on to the test; jinjava's tests take none. */
  private static void refuseKeywords(String filter, Map<String, Object> kwargs) {
    if (!kwargs.isEmpty()) {
      throw new TemplateFailure(
          filter
              + " passes only positional arguments to its test, not "
              + String.join(", ", kwargs.keySet())
              + "=");
    }
  }

  /**
   * Jinja2's {@code selectattr} and {@code rejectattr(value, attribute, test=None, *args)}: an
   * attribute may be a dotted path; without a test, its truth value decides.
   */
  private static FilterBody attributeSelection(String name, boolean keep) {
    return (var, interpreter, args, kwargs) -> {
      if (args.length == 0) {
        throw new TemplateFailure(name + " needs the attribute to test");
      }
      refuseKeywords(name, kwargs);
      String attribute = String.valueOf(args[0]);
      ExpTest test =
          args.length < 2 ? null : interpreter.getContext().getExpTest(String.valueOf(args[1]));
      Object[] testArgs =
          args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : new Object[0];
      List<Object> kept = new ArrayList<>();
      for (Object item : FilterInput.items(var, name)) {
        Object value = attribute(item, attribute);
        boolean passes =
            test == null ? PythonTruth.of(value) : test.evaluate(value, interpreter, testArgs);
        if (passes == keep) {
          kept.add(item);
        }
      }
      return kept;
    };
  }

  /**
   * Jinja2's {@code map}: {@code map('filter', *args)} applies a filter to each item, {@code
   * map(attribute='a.b', default=x)} takes an attribute (a dotted path) of each.
   */
  private static Object map(
      Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
    List<Object> mapped = new ArrayList<>();
    Object attribute = kwargs.get("attribute");
    if (attribute != null) {
      Object fallback = kwargs.get("default");
      for (Object item : FilterInput.items(var, "map")) {
        Object value = attribute(item, attribute.toString());
        mapped.add(value instanceof Undefined && fallback != null ? fallback : value);
      }
      return mapped;
    }
    if (args.length == 0) {
      throw new TemplateFailure("map needs a filter name or attribute=");
    }
    Filter filter = interpreter.getContext().getFilter(String.valueOf(args[0]));
    Object[] rest = Arrays.copyOfRange(args, 1, args.length);
    for (Object item : FilterInput.items(var, "map")) {
      mapped.add(filter.filter(item, interpreter, rest, kwargs));
    }
    return mapped;
  }

  /**
   * Jinja2's {@code attr(obj, name)}: an attribute, never an item, so a dict's key is undefined. A
   * group's {@code grouper} and {@code list}, {@code loop}'s and a namespace's attributes are read.
   */
  private static Object attr(Object value, Object[] args, Map<String, Object> kwargs) {
    String name = PythonText.str(FilterArgs.get(args, kwargs, 0, "name"));
    if (value instanceof NamedTuple tuple) {
      return tuple.field(name);
    }
    if ((value instanceof LoopView || value instanceof Namespace)
        && ((Map<?, ?>) value).containsKey(name)) {
      return ((Map<?, ?>) value).get(name);
    }
    return FilterInput.noAttribute(value, name);
  }

  /** Jinja2's {@code groupby(value, attribute, default=None, case_sensitive=False)}. */
  private static Object groupby(Object value, Object[] args, Map<String, Object> kwargs) {
    Object attribute = FilterArgs.get(args, kwargs, 0, "attribute");
    if (attribute == null) {
      throw new TemplateFailure("groupby needs the attribute to group by");
    }
    Object fallback = FilterArgs.get(args, kwargs, 1, "default");
    boolean caseSensitive = FilterArgs.boolArg(args, kwargs, 2, "case_sensitive", false);
    List<Object> items = FilterInput.items(value, "groupby");
    List<Object> keys = new ArrayList<>();
    for (Object item : items) {
      keys.add(key(item, attribute.toString(), fallback));
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      order.add(i);
    }
    PythonOrder python = new PythonOrder(caseSensitive);
    order.sort(Comparator.comparing(keys::get, python));
    List<Object> groups = new ArrayList<>();
    Group current = null;
    for (int i : order) {
      Object key = keys.get(i);
      if (current == null || !same(current.get(0), key, caseSensitive)) {
        current = new Group(key, new ArrayList<>());
        groups.add(current);
      }
      current.list.add(items.get(i));
    }
    return groups;
  }

  /**
   * An item's attribute (a dotted path), or an undefined value naming it when the item lacks it:
   * tests such as {@code defined} may look at it, any other use fails.
   */
  private static Object attribute(Object item, String path) {
    try {
      return FilterInput.lookup(item, path);
    } catch (TemplateFailure missing) {
      return Undefined.because(missing.getMessage());
    }
  }

  private static Object key(Object item, String attribute, Object fallback) {
    try {
      return FilterInput.lookup(item, attribute);
    } catch (TemplateFailure missing) {
      if (fallback == null) {
        throw missing;
      }
      return fallback;
    }
  }

  private static boolean same(Object a, Object b, boolean caseSensitive) {
    if (!caseSensitive && a instanceof String x && b instanceof String y) {
      return x.toLowerCase(Locale.ROOT).equals(y.toLowerCase(Locale.ROOT));
    }
    return Objects.equals(a, b) || new PythonOrder(true).compare(a, b) == 0;
  }

  /** Python's {@code _GroupTuple}: {@code (grouper, list)}, also by those names. */
  static final class Group extends PythonPair implements NamedTuple {
    private final List<Object> list;

    Group(Object grouper, List<Object> list) {
      super(grouper, list);
      this.list = list;
    }

    @Override
    public Object field(String name) {
      return switch (name) {
        case "grouper" -> get(0);
        case "list" -> get(1);
        default -> Undefined.because("'_GroupTuple' object has no attribute '" + name + "'");
      };
    }
  }
}
