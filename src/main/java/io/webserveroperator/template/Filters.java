package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The filters this engine adds to jinjava: the Kubernetes ones ({@code to_yaml}, {@code to_json},
 * {@code b64encode}, {@code sha256}, {@code quote}, {@code nindent}, {@code required}) and Jinja2
 * ones that jinjava lacks or writes differently ({@code tojson}, {@code indent}, {@code trim},
 * {@code min}, {@code max}).
 */
final class Filters {

  private static final Pattern SHELL_SAFE = Pattern.compile("[\\w@%+=:,./-]+");

  private Filters() {}

  /** Registers every filter on the engine's global context, replacing same-named built-ins. */
  static void register(Context context) {
    context.registerFilter(named("to_yaml", (v, a, k) -> structured(v, TextFormat.YAML)));
    context.registerFilter(named("toyaml", (v, a, k) -> structured(v, TextFormat.YAML)));
    context.registerFilter(named("to_json", (v, a, k) -> structured(v, TextFormat.JSON)));
    context.registerFilter(named("tojson", (v, a, k) -> structured(v, TextFormat.TOJSON)));
    context.registerFilter(named("indent", Filters::indent));
    context.registerFilter(named("nindent", Filters::nindent));
    context.registerFilter(named("trim", Filters::trim));
    context.registerFilter(named("b64encode", (v, a, k) -> b64encode(text(v))));
    context.registerFilter(named("b64decode", (v, a, k) -> b64decode(text(v))));
    context.registerFilter(named("sha256", (v, a, k) -> sha256(text(v))));
    context.registerFilter(named("quote", (v, a, k) -> quote(text(v))));
    context.registerFilter(named("required", Filters::required));
    context.registerFilter(named("default", Filters::fallback));
    context.registerFilter(named("d", Filters::fallback));
    context.registerFilter(named("min", (v, a, k) -> extreme(v, a, k, false)));
    context.registerFilter(named("max", (v, a, k) -> extreme(v, a, k, true)));
    context.registerFilter(named("sort", Filters::sort));
  }

  /** A filter body with Jinja2-style positional and keyword arguments. */
  @FunctionalInterface
  interface Body {
    Object apply(Object value, Object[] args, Map<String, Object> kwargs);
  }

  private static Filter named(String name, Body body) {
    return new Filter() {
      @Override
      public String getName() {
        return name;
      }

      @Override
      public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
        return body.apply(var, args, Map.of());
      }

      @Override
      public Object filter(
          Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
        return body.apply(var, args, kwargs);
      }
    };
  }

  private static Object structured(Object value, TextFormat format) {
    return new StructuredText(value instanceof Fragment f ? f.toString() : value, format);
  }

  private static Object indent(Object value, Object[] args, Map<String, Object> kwargs) {
    int width = intArg(args, kwargs, 0, "width", 4);
    boolean first = boolArg(args, kwargs, 1, "first", false);
    boolean blank = boolArg(args, kwargs, 2, "blank", false);
    if (value instanceof Fragment fragment) {
      return new Indented(fragment, width, first, blank, false);
    }
    return Indented.indent(text(value), width, first, blank);
  }

  private static Object nindent(Object value, Object[] args, Map<String, Object> kwargs) {
    int width = intArg(args, kwargs, 0, "width", 4);
    if (value instanceof Fragment fragment) {
      return new Indented(fragment, width, true, false, true);
    }
    return "\n" + Indented.indent(text(value), width, true, false);
  }

  private static Object trim(Object value, Object[] args, Map<String, Object> kwargs) {
    if (value instanceof Fragment fragment) {
      return new Trimmed(fragment);
    }
    return text(value).strip();
  }

  /** Jinja2's {@code default(value, default_value='', boolean=False)}, keeping the value's type. */
  private static Object fallback(Object value, Object[] args, Map<String, Object> kwargs) {
    Object replacement = args.length > 0 ? args[0] : kwargs.getOrDefault("default_value", "");
    boolean falsy = boolArg(args, kwargs, 1, "boolean", false);
    return StrictUndefined.isMissing(value) || (falsy && !truthy(value)) ? replacement : value;
  }

  /** Python truthiness. */
  static boolean truthy(Object value) {
    if (value == null || Boolean.FALSE.equals(value)) {
      return false;
    }
    if (value instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (value instanceof CharSequence text) {
      return text.length() > 0;
    }
    if (value instanceof Map<?, ?> map) {
      return !map.isEmpty();
    }
    if (TextFormat.isList(value)) {
      return !TextFormat.asList(value).isEmpty();
    }
    return true;
  }

  private static Object required(Object value, Object[] args, Map<String, Object> kwargs) {
    boolean missing =
        StrictUndefined.isMissing(value) || (value instanceof String s && s.isEmpty());
    if (missing) {
      Object message = args.length > 0 ? args[0] : kwargs.get("message");
      throw new TemplateFailure(
          message == null ? "a required value is missing" : String.valueOf(message));
    }
    return value;
  }

  /** Jinja2's {@code min}/{@code max(value, case_sensitive=False, attribute=None)}. */
  private static Object extreme(
      Object value, Object[] args, Map<String, Object> kwargs, boolean max) {
    List<Object> items = items(value, max ? "max" : "min");
    if (items.isEmpty()) {
      return null;
    }
    Comparator<Object> order = order(args, kwargs, 0, 1);
    return max ? items.stream().max(order).get() : items.stream().min(order).get();
  }

  /** Jinja2's {@code sort(value, reverse=False, case_sensitive=False, attribute=None)}. */
  private static Object sort(Object value, Object[] args, Map<String, Object> kwargs) {
    List<Object> items = items(value, "sort");
    Comparator<Object> order = order(args, kwargs, 1, 2);
    items.sort(boolArg(args, kwargs, 0, "reverse", false) ? order.reversed() : order);
    return items;
  }

  /** A list's items, or a mapping's keys, as iterating it in Python gives them. */
  private static List<Object> items(Object value, String filter) {
    if (value instanceof Map<?, ?> map) {
      return new ArrayList<>(map.keySet());
    }
    if (!TextFormat.isList(value)) {
      throw new TemplateFailure(filter + " needs a list or a mapping, not " + TypeNames.of(value));
    }
    return new ArrayList<>(TextFormat.asList(value));
  }

  /**
   * Python order on the items, or on an attribute of each: {@code attribute} may be a dotted path
   * ({@code meta.age}) or several, comma-separated, compared in turn.
   */
  private static Comparator<Object> order(
      Object[] args, Map<String, Object> kwargs, int caseSensitiveAt, int attributeAt) {
    boolean caseSensitive = boolArg(args, kwargs, caseSensitiveAt, "case_sensitive", false);
    Object attribute = args.length > attributeAt ? args[attributeAt] : kwargs.get("attribute");
    PythonOrder python = new PythonOrder(caseSensitive);
    if (attribute == null) {
      return python;
    }
    List<String> paths = List.of(attribute.toString().split(","));
    return Comparator.comparing(
        item -> paths.stream().map(path -> lookup(item, path.strip())).toList(), python);
  }

  private static Object lookup(Object item, String path) {
    Object value = item;
    for (String part : path.split("\\.")) {
      if (value instanceof Map<?, ?> map && map.containsKey(part)) {
        value = map.get(part);
      } else if (TextFormat.isList(value) && part.matches("\\d+")) {
        value = TextFormat.asList(value).get(Integer.parseInt(part));
      } else {
        throw new TemplateFailure("an item has no attribute '" + path + "' to order by");
      }
    }
    return value;
  }

  static String b64encode(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static String b64decode(String text) {
    try {
      return new String(Base64.getDecoder().decode(text.strip()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new TemplateFailure("b64decode got text that is not base64: " + e.getMessage());
    }
  }

  static String sha256(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  /** Python's {@code shlex.quote}: safe for a POSIX shell command line. */
  static String quote(String text) {
    if (text.isEmpty()) {
      return "''";
    }
    if (SHELL_SAFE.matcher(text).matches()) {
      return text;
    }
    return "'" + text.replace("'", "'\"'\"'") + "'";
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }

  private static int intArg(
      Object[] args, Map<String, Object> kwargs, int index, String name, int fallback) {
    Object value = index < args.length ? args[index] : kwargs.get(name);
    if (value == null) {
      return fallback;
    }
    return value instanceof Number n ? n.intValue() : Integer.parseInt(value.toString().strip());
  }

  private static boolean boolArg(
      Object[] args, Map<String, Object> kwargs, int index, String name, boolean fallback) {
    Object value = index < args.length ? args[index] : kwargs.get(name);
    if (value == null) {
      return fallback;
    }
    return value instanceof Boolean b ? b : Boolean.parseBoolean(value.toString().strip());
  }
}
