package io.webserveroperator.template.output;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The strings a render reads from the cluster (the custom resource, and its children for a status
 * template), by identity. A string printed as it came stays a string whatever it looks like, so a
 * spec {@code "8080"}, {@code "yes"} or {@code "1.10"} never turns into a number or a boolean; text
 * the template computed is read as YAML reads it (see {@link TypedText}).
 *
 * <p>Identity, not equality: a template literal {@code 'true'} is the template's own text even when
 * the resource holds an equal string.
 */
public final class ResourceStrings {

  private final Set<String> strings = Collections.newSetFromMap(new IdentityHashMap<>());

  private ResourceStrings() {}

  /** The strings of {@code values}: keys and values of its maps and the items of its lists. */
  public static ResourceStrings of(Object values) {
    ResourceStrings found = new ResourceStrings();
    found.collect(values);
    return found;
  }

  /** Whether {@code text} is one of the resource's strings, unchanged. */
  boolean contains(String text) {
    return strings.contains(text);
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
