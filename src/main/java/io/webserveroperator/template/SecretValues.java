package io.webserveroperator.template;

import io.webserveroperator.template.output.ResourceStrings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values of Secrets a render read (by {@code lookup}, or as children), to mask wherever a
 * command, an event or a log would show what it rendered: a template may print them into any
 * object, and none of those may print them in clear. Longer values are masked wherever they stand
 * in a text; shorter ones (fewer than 4 characters) only where a whole value is one.
 *
 * @param values the values, as read and as decoded from base64
 */
public record SecretValues(Set<String> values) {

  /** What a masked value is shown as, as {@code kubectl diff} shows a Secret's values. */
  public static final String MASK = "***";

  /** No Secret was read. */
  public static final SecretValues NONE = new SecretValues(Set.of());

  public SecretValues {
    values = Set.copyOf(values);
  }

  /** The values of those of {@code objects} that are Secrets. */
  public static SecretValues in(Collection<Map<String, Object>> objects) {
    Set<String> found = new HashSet<>();
    objects.forEach(object -> found.addAll(of(object)));
    found.remove("");
    return new SecretValues(found);
  }

  /** Both sets of values. */
  public SecretValues and(SecretValues other) {
    Set<String> both = new HashSet<>(values);
    both.addAll(other.values);
    return new SecretValues(both);
  }

  /** Whether the render read no Secret's value. */
  public boolean isEmpty() {
    return values.isEmpty();
  }

  /** {@code text} with every value in it masked. */
  public String mask(String text) {
    if (text == null || values.isEmpty()) {
      return text;
    }
    if (values.contains(text)) {
      return MASK;
    }
    String masked = text;
    for (String value : longestFirst()) {
      if (value.length() >= ResourceStrings.MIN_MASKED_IN_TEXT) {
        masked = masked.replace(value, MASK);
      }
    }
    return masked;
  }

  /** A copy of an object, plain maps and lists, with every string in it masked; keys as well. */
  public Object mask(Object node) {
    if (values.isEmpty()) {
      return node;
    }
    if (node instanceof String text) {
      return mask(text);
    }
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, value) -> copy.put(mask(String.valueOf(key)), mask(value)));
      return copy;
    }
    if (node instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(mask(item)));
      return copy;
    }
    return node;
  }

  /** A copy of a map with every string in it masked. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> maskMap(Map<String, Object> map) {
    return map == null ? null : (Map<String, Object>) mask((Object) map);
  }

  /**
   * The values an object holds when it is a Secret: those of {@code stringData}, and those of
   * {@code data} both as stored (base64) and decoded, when they decode to text.
   */
  static List<String> of(Map<String, Object> object) {
    if (!"v1".equals(object.get("apiVersion")) || !"Secret".equals(object.get("kind"))) {
      return List.of();
    }
    List<String> found = new ArrayList<>();
    if (object.get("stringData") instanceof Map<?, ?> text) {
      text.values().forEach(value -> found.add(String.valueOf(value)));
    }
    if (object.get("data") instanceof Map<?, ?> data) {
      for (Object value : data.values()) {
        found.add(String.valueOf(value));
        try {
          found.add(
              new String(
                  Base64.getDecoder().decode(String.valueOf(value)), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException notBase64) {
          // Only the API server's answer is masked then, as stored.
        }
      }
    }
    return found;
  }

  /** A value that holds another is masked first, so that no part of it is left in clear. */
  private List<String> longestFirst() {
    return values.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
  }
}
