package io.webserveroperator.template.output;

import io.webserveroperator.template.python.LineBreaks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The strings a render reads from the cluster (the custom resource; the children and the objects a
 * lookup returns, as the render reads them), by identity. A string printed as it came stays a
 * string whatever it looks like, so a spec {@code "8080"}, {@code "yes"} or {@code "1.10"} never
 * turns into a number or a boolean; text the template computed is read as YAML reads it (see {@link
 * TypedText}). A looked-up value is data exactly as a spec value is.
 *
 * <p>Identity, not equality: a template literal {@code 'true'} is the template's own text even when
 * the resource holds an equal string.
 *
 * <p>Text the template computed from a string with line breaks ({@code v | indent(4)}, {@code v |
 * upper}, {@code k ~ ' ' ~ v}) is not that string, but it carries the lines that followed its
 * breaks: {@link #origin} finds the string by them, so that such text is held to the rule of {@link
 * InlineValues} too, while line breaks the template writes itself ({@code join('\n')} of one-line
 * strings) are its own.
 *
 * <p>The values of Secrets read are also kept by content ({@link #addSecretValue}): no message
 * quotes them, and the render reports them so that whatever shows its output can mask them.
 */
public final class ResourceStrings {

  /** A map key that a field path writes after a dot; any other is written {@code ['key']}. */
  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_-]+");

  /** Shorter secret values are masked only where a whole value equals them. */
  public static final int MIN_MASKED_IN_TEXT = 4;

  /** Values read, each under the name a field path starts with: empty for the resource. */
  private record Root(Object values, String name) {}

  private final Set<String> strings = Collections.newSetFromMap(new IdentityHashMap<>());
  private final List<Root> roots = new ArrayList<>();
  private final Set<String> secretValues = new HashSet<>();

  /** The lines after a line break in the strings, normalised, to the string; made when needed. */
  private Map<String, String> brokenLines;

  private ResourceStrings(Object root) {
    roots.add(new Root(root, ""));
  }

  /** The strings of {@code values}: keys and values of its maps and the items of its lists. */
  public static ResourceStrings of(Object values) {
    ResourceStrings found = new ResourceStrings(values);
    found.collect(values);
    return found;
  }

  /**
   * Adds the strings of values the render read from the cluster while it ran.
   *
   * @param name how a field path into them starts, in messages: {@code children}, {@code
   *     lookup('v1', 'ConfigMap', 'platform', 'defaults')}
   */
  public void add(Object values, String name) {
    roots.add(new Root(values, name));
    collect(values);
    brokenLines = null;
  }

  /** Keeps a Secret's value read by the render, which no message may quote. */
  public void addSecretValue(String value) {
    if (!value.isEmpty()) {
      secretValues.add(value);
    }
  }

  /** The values of Secrets the render read, as {@link #addSecretValue} kept them. */
  public Set<String> secretValues() {
    return Set.copyOf(secretValues);
  }

  /** Whether {@code text} is a Secret's value the render read, or holds one. */
  boolean revealsSecret(String text) {
    for (String secret : secretValues) {
      if (text.equals(secret) || (secret.length() >= MIN_MASKED_IN_TEXT && text.contains(secret))) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code text} is one of the resource's strings, unchanged. */
  boolean contains(String text) {
    return strings.contains(text);
  }

  /**
   * Where {@code text} stands in the resource, for a message: {@code the value of
   * spec.config.maxmemory-policy}, {@code a key of spec.config}; empty when it is not one of its
   * strings. Looked for only when a message needs it, so a render pays nothing for it.
   */
  Optional<String> describe(String text) {
    if (!contains(text)) {
      return Optional.empty();
    }
    for (Root root : roots) {
      String found = find(root.values(), root.name(), text);
      if (found != null) {
        return Optional.of(found);
      }
    }
    return Optional.empty();
  }

  /**
   * The string of the resource with a line break that {@code computed} text carries: one of the
   * lines of {@code computed} after a break starts with a line of that string after a break, spaces
   * around them and case aside. Empty when none does, as always when no string has a line break.
   */
  Optional<String> origin(String computed) {
    if (brokenLines == null) {
      brokenLines = new HashMap<>();
      for (String text : strings) {
        List<String> lines = linesAfterBreaks(text);
        lines.forEach(line -> brokenLines.putIfAbsent(line, text));
      }
    }
    if (brokenLines.isEmpty()) {
      return Optional.empty();
    }
    for (String line : linesAfterBreaks(computed)) {
      for (Map.Entry<String, String> broken : brokenLines.entrySet()) {
        if (line.startsWith(broken.getKey())) {
          return Optional.of(broken.getValue());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code computed} text starts with the first line of {@code origin} that is not blank,
   * as {@code indent}, {@code nindent} or {@code upper} leave it, rather than with text of its own.
   */
  static boolean opensWith(String computed, String origin) {
    return firstLine(computed).startsWith(firstLine(origin));
  }

  /** The first line of {@code text} that is not blank, stripped and in lower case. */
  private static String firstLine(String text) {
    int from = 0;
    while (from < text.length()) {
      int to = from;
      while (to < text.length() && !LineBreaks.isBreak(text.charAt(to))) {
        to++;
      }
      String line = text.substring(from, to).strip();
      if (!line.isEmpty()) {
        return line.toLowerCase(Locale.ROOT);
      }
      from = to + 1;
    }
    return "";
  }

  /**
   * The lines of {@code text} after a line break, stripped and in lower case; blank ones left out.
   */
  private static List<String> linesAfterBreaks(String text) {
    List<String> lines = new ArrayList<>();
    int from = LineBreaks.indexIn(text);
    while (from >= 0) {
      int to = from + 1;
      while (to < text.length() && !LineBreaks.isBreak(text.charAt(to))) {
        to++;
      }
      String line = text.substring(from + 1, to).strip().toLowerCase(Locale.ROOT);
      if (!line.isEmpty()) {
        lines.add(line);
      }
      from = to < text.length() ? to : -1;
    }
    return lines;
  }

  private static String find(Object node, String path, String text) {
    if (node == text) {
      return "the value of " + path;
    }
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String key = String.valueOf(entry.getKey());
        if (entry.getKey() == text) {
          return "a key of " + (path.isEmpty() ? "the resource" : path);
        }
        String found = find(entry.getValue(), path + segment(path, key), text);
        if (found != null) {
          return found;
        }
      }
    } else if (node instanceof List<?> items) {
      for (int i = 0; i < items.size(); i++) {
        String found = find(items.get(i), path + "[" + i + "]", text);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /** {@code key} as the next step of a field path: {@code .name}, {@code ['index.html']}. */
  private static String segment(String path, String key) {
    if (PLAIN_KEY.matcher(key).matches()) {
      return path.isEmpty() ? key : "." + key;
    }
    StringBuilder quoted = new StringBuilder("['");
    for (char c : key.toCharArray()) {
      if (LineBreaks.isBreak(c)) {
        quoted.append(LineBreaks.escape(c));
      } else {
        quoted.append(c == '\\' || c == '\'' ? "\\" : "").append(c);
      }
    }
    return quoted.append("']").toString();
  }

  private void collect(Object value) {
    if (value instanceof String text) {
      strings.add(text);
    } else if (value instanceof Map<?, ?> map) {
      map.forEach(
          (key, item) -> {
            collect(key);
            collect(item);
          });
    } else if (value instanceof Collection<?> items) {
      items.forEach(this::collect);
    }
  }
}
