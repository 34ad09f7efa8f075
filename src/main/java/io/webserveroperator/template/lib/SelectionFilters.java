package io.webserveroperator.template.lib;

import static io.webserveroperator.template.lib.Filters.named;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.python.NamedTuple;
import io.webserveroperator.template.python.PythonOrder;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
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
public final class SelectionFilters {

  private SelectionFilters() {}

  public static void register(Context context) {
    context.registerFilter(selection("select", true));
    context.registerFilter(selection("reject", false));
    context.registerFilter(named("groupby", SelectionFilters::groupby));
    context.registerFilter(attributeSelection("selectattr", true));
    context.registerFilter(attributeSelection("rejectattr", false));
    context.registerFilter(map());
    context.registerFilter(named("items", SelectionFilters::items));
  }

  private static Filter selection(String name, boolean keep) {
    return Filters.withInterpreter(
        name,
        (var, interpreter, args, kwargs) -> {
          refuseKeywords(name, kwargs);
          ExpTest test =
              args.length == 0
                  ? null
                  : interpreter.getContext().getExpTest(String.valueOf(args[0]));
          Object[] testArgs = args.length > 1 ? Arrays.copyOfRange(args, 1, args.length) : args;
          List<Object> kept = new ArrayList<>();
          for (Object item : Jinja2Filters.items(var, name)) {
            boolean passes =
                test == null ? PythonTruth.of(item) : test.evaluate(item, interpreter, testArgs);
            if (passes == keep) {
              kept.add(item);
            }
          }
          return kept;
        });
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
  private static Filter attributeSelection(String name, boolean keep) {
    return Filters.withInterpreter(
        name,
        (var, interpreter, args, kwargs) -> {
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
          for (Object item : Jinja2Filters.items(var, name)) {
            Object value = attribute(item, attribute);
            boolean passes =
                test == null ? PythonTruth.of(value) : test.evaluate(value, interpreter, testArgs);
            if (passes == keep) {
              kept.add(item);
            }
          }
          return kept;
        });
  }

  /**
   * Jinja2's {@code map}: {@code map('filter', *args)} applies a filter to each item, {@code
   * map(attribute='a.b', default=x)} takes an attribute (a dotted path) of each.
   */
  private static Filter map() {
    return Filters.withInterpreter(
        "map",
        (var, interpreter, args, kwargs) -> {
          List<Object> mapped = new ArrayList<>();
          Object attribute = kwargs.get("attribute");
          if (attribute != null) {
            Object fallback = kwargs.get("default");
            for (Object item : Jinja2Filters.items(var, "map")) {
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
          for (Object item : Jinja2Filters.items(var, "map")) {
            mapped.add(filter.filter(item, interpreter, rest, kwargs));
          }
          return mapped;
        });
  }

  /** Jinja2's {@code items(value)}: a mapping's (key, value) pairs. */
  private static Object items(Object value, Object[] args, Map<String, Object> kwargs) {
    if (value instanceof Undefined) {
      return List.of(); // Jinja2's items, alone among filters, gives nothing for a missing value
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new TemplateFailure("items needs a mapping, not " + TypeNames.python(value));
    }
    List<Object> pairs = new ArrayList<>();
    map.forEach((k, v) -> pairs.add(new PythonPair(k, v)));
    return pairs;
  }

  /** Jinja2's {@code groupby(value, attribute, default=None, case_sensitive=False)}. */
  private static Object groupby(Object value, Object[] args, Map<String, Object> kwargs) {
    Object attribute = FilterArgs.get(args, kwargs, 0, "attribute");
    if (attribute == null) {
      throw new TemplateFailure("groupby needs the attribute to group by");
    }
    Object fallback = FilterArgs.get(args, kwargs, 1, "default");
    boolean caseSensitive = FilterArgs.boolArg(args, kwargs, 2, "case_sensitive", false);
    List<Object> items = Jinja2Filters.items(value, "groupby");
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
      return Jinja2Filters.lookup(item, path);
    } catch (TemplateFailure missing) {
      return Undefined.because(missing.getMessage());
    }
  }

  private static Object key(Object item, String attribute, Object fallback) {
    try {
      return Jinja2Filters.lookup(item, attribute);
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
