package io.webserveroperator.template.lib;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import io.webserveroperator.template.output.GeneratedSecret;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The globals that read the cluster: {@code lookup(apiVersion, kind, namespace, name,
 * selector={...})}, with Helm's signature, and {@code generated_secret(length)}. This class checks
 * their arguments; what a lookup may read and where its answer comes from is the pipeline's, which
 * installs a {@link Lookups} for each render ({@link #with}).
 */
public final class ClusterFunctions {

  private static final ThreadLocal<Lookups> CURRENT = new ThreadLocal<>();

  /** A label key: an optional DNS subdomain prefix and a slash, then a name. */
  private static final Pattern LABEL_KEY =
      Pattern.compile(
          "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
              + "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");

  /** A label value: empty, or up to 63 letters, digits, {@code -_.} starting and ending alnum. */
  private static final Pattern LABEL_VALUE =
      Pattern.compile("([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?");

  private static final String USAGE =
      "lookup(apiVersion, kind, namespace, name), e.g. lookup('v1', 'ConfigMap', 'platform',"
          + " 'defaults'); an empty name lists, narrowed by selector={'label': 'value'}";

  private ClusterFunctions() {}

  /** What {@code lookup} asks of the render running on this thread. */
  @FunctionalInterface
  public interface Lookups {

    /**
     * The object (a read-only dict, empty when there is none) or, for an empty {@code name}, the
     * list ({@code items}).
     *
     * @param namespace as the template wrote it: empty for the resource's own
     * @param selector labels the listed objects must have; empty for all
     * @throws TemplateFailure when the lookup may not be made or cannot be answered
     */
    Object lookup(
        String apiVersion,
        String kind,
        String namespace,
        String name,
        Map<String, String> selector);
  }

  /** Runs {@code render} with {@code lookups} answering its lookups. */
  public static <T> T with(Lookups lookups, Supplier<T> render) {
    Lookups previous = CURRENT.get();
    CURRENT.set(lookups);
    try {
      return render.get();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }

  /** Helm's {@code lookup}, as a template calls it. */
  public static Object lookup(Object... arguments) {
    List<String> positional = new ArrayList<>();
    Map<String, String> selector = Map.of();
    for (Object argument : arguments) {
      if (argument instanceof NamedParameter named) {
        if (!named.getName().equals("selector")) {
          throw new TemplateFailure(
              "lookup() takes no argument '" + named.getName() + "'; it is " + USAGE);
        }
        selector = selector(named.getValue());
      } else if (argument instanceof String text) {
        positional.add(text);
      } else {
        throw new TemplateFailure(
            "lookup() takes strings, not " + TypeNames.of(argument) + "; it is " + USAGE);
      }
    }
    if (positional.size() != 4) {
      throw new TemplateFailure(
          "lookup() takes 4 arguments, not " + positional.size() + ": " + USAGE);
    }
    if (positional.get(0).isBlank() || positional.get(1).isBlank()) {
      throw new TemplateFailure("lookup() needs an apiVersion and a kind: " + USAGE);
    }
    if (!selector.isEmpty() && !positional.get(3).isEmpty()) {
      throw new TemplateFailure(
          "lookup() with a name reads that one object; a selector narrows a list, which an"
              + " empty name asks for");
    }
    Lookups lookups = CURRENT.get();
    if (lookups == null) {
      throw new TemplateFailure(
          "lookup() reads the cluster for a kind's templates only, not here (a readiness rule"
              + " reads its child as 'object')");
    }
    return lookups.lookup(
        positional.get(0), positional.get(1), positional.get(2), positional.get(3), selector);
  }

  /** {@code generated_secret(length)}: a secret made once, for a Secret's data or stringData. */
  public static GeneratedSecret generatedSecret(Object... arguments) {
    if (arguments.length != 1 || !(arguments[0] instanceof Number length)) {
      throw new TemplateFailure(
          "generated_secret() takes one integer, the length, e.g. generated_secret(32)");
    }
    if (length.doubleValue() != length.longValue()) {
      throw new TemplateFailure("generated_secret() takes a whole number, not " + length);
    }
    JinjavaInterpreter interpreter = JinjavaInterpreter.getCurrent();
    int line = interpreter == null ? 0 : interpreter.getLineNumber();
    long asked = length.longValue();
    return new GeneratedSecret(
        (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, asked)), line);
  }

  /** A selector as a template writes it: a dict of label to value. */
  private static Map<String, String> selector(Object value) {
    if (!(value instanceof Map<?, ?> labels)) {
      throw new TemplateFailure(
          "lookup()'s selector must be a dict of label to value, e.g. selector={'tier': 'db'},"
              + " not "
              + TypeNames.of(value));
    }
    Map<String, String> selector = new TreeMap<>();
    for (Map.Entry<?, ?> label : labels.entrySet()) {
      String key = String.valueOf(label.getKey());
      if (!(label.getValue() instanceof String text)) {
        throw new TemplateFailure(
            "lookup()'s selector: the value of label '"
                + key
                + "' must be a string, not "
                + TypeNames.of(label.getValue()));
      }
      if (!LABEL_KEY.matcher(key).matches() || key.indexOf('/') > 253) {
        throw new TemplateFailure("lookup()'s selector: '" + key + "' is not a label key");
      }
      if (!LABEL_VALUE.matcher(text).matches()) {
        throw new TemplateFailure(
            "lookup()'s selector: '"
                + text
                + "' is not a label value (up to 63 letters, digits, '-', '_' and '.',"
                + " starting and ending with a letter or digit)");
      }
      selector.put(key, text);
    }
    return selector;
  }
}
