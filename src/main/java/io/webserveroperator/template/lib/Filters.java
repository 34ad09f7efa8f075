package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.output.StructuredText;
import io.webserveroperator.template.output.TextFormat;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.python.TemplateFailure;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The filters this engine adds to jinjava: the Kubernetes ones ({@code to_yaml}, {@code to_json},
 * {@code b64encode}, {@code sha256}, {@code quote}, {@code nindent}, {@code required}) and Jinja2
 * ones that jinjava lacks or writes differently ({@code tojson}, {@code indent}, {@code trim},
 * {@code min}, {@code max}).
 */
public final class Filters {

  private static final Pattern SHELL_SAFE = Pattern.compile("[\\w@%+=:,./-]+");

  private Filters() {}

  /** Registers every filter on the engine's global context, replacing same-named built-ins. */
  public static void register(Context context) {
    context.registerFilter(named("to_yaml", (v, a, k) -> structured(v, TextFormat.YAML)));
    context.registerFilter(named("toyaml", (v, a, k) -> structured(v, TextFormat.YAML)));
    context.registerFilter(named("to_json", (v, a, k) -> structured(v, TextFormat.JSON)));
    context.registerFilter(named("tojson", Filters::tojson));
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
  }

  /** A filter body with Jinja2-style positional and keyword arguments. */
  @FunctionalInterface
  interface Body {
    Object apply(Object value, Object[] args, Map<String, Object> kwargs);
  }

  static Filter named(String name, Body body) {
    return withInterpreter(
        name, (value, interpreter, args, kwargs) -> body.apply(value, args, kwargs));
  }

  /** A filter body that also needs the interpreter, to look up other filters and tests. */
  @FunctionalInterface
  interface InterpreterBody {
    Object apply(
        Object value, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs);
  }

  static Filter withInterpreter(String name, InterpreterBody body) {
    return new Filter() {
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
    };
  }

  private static Object structured(Object value, TextFormat format) {
    return structured(value, format, null);
  }

  private static Object structured(Object value, TextFormat format, String indent) {
    return new StructuredText(value instanceof Fragment f ? f.toString() : value, format, indent);
  }

  /** Jinja2's {@code tojson(value, indent=None)}. */
  private static Object tojson(Object value, Object[] args, Map<String, Object> kwargs) {
    Object indent = FilterArgs.get(args, kwargs, 0, "indent");
    return structured(
        value, TextFormat.TOJSON, indent == null ? null : Indented.pad("tojson", indent));
  }

  /** Jinja2's {@code indent(s, width=4, first=False, blank=False)}. */
  private static Object indent(Object value, Object[] args, Map<String, Object> kwargs) {
    Object width = FilterArgs.get(args, kwargs, 0, "width");
    String pad = Indented.pad("indent", width == null ? 4 : width);
    boolean first = FilterArgs.boolArg(args, kwargs, 1, "first", false);
    boolean blank = FilterArgs.boolArg(args, kwargs, 2, "blank", false);
    if (value instanceof Fragment fragment) {
      return new Indented(fragment, pad, first, blank, false);
    }
    return Indented.indent("indent", text(value), pad, first, blank);
  }

  private static Object nindent(Object value, Object[] args, Map<String, Object> kwargs) {
    String pad = Indented.pad("nindent", FilterArgs.intArg(args, kwargs, 0, "width", 4));
    if (value instanceof Fragment fragment) {
      return new Indented(fragment, pad, true, false, true);
    }
    return "\n" + Indented.indent("nindent", text(value), pad, true, false);
  }

  /** Jinja2's {@code trim(value, chars=None)}. */
  private static Object trim(Object value, Object[] args, Map<String, Object> kwargs) {
    Object chars = FilterArgs.get(args, kwargs, 0, "chars");
    if (value instanceof Fragment fragment && chars == null) {
      return new Trimmed(fragment);
    }
    String text = value instanceof Fragment fragment ? fragment.toString() : text(value);
    return PythonText.strip(text, chars == null ? null : chars.toString());
  }

  /**
   * Jinja2's {@code default(value, default_value='', boolean=False)}, keeping the value's type; an
   * explicit null counts as missing too (intended: Kubernetes drops null fields,
   * docs/templates.md).
   */
  private static Object fallback(Object value, Object[] args, Map<String, Object> kwargs) {
    Object replacement = args.length > 0 ? args[0] : kwargs.getOrDefault("default_value", "");
    boolean falsy = FilterArgs.boolArg(args, kwargs, 1, "boolean", false);
    return StrictUndefined.isMissing(value) || (falsy && !PythonTruth.of(value))
        ? replacement
        : value;
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
}
