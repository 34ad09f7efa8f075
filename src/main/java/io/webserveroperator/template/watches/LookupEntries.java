package io.webserveroperator.template.watches;

import io.webserveroperator.OperatorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a kind's {@code lookups} list in {@code watches.yaml} ({@link DeclaredLookup}), checked key
 * by key: a typo must never widen what templates may read.
 */
final class LookupEntries {

  private static final Set<String> KEYS = Set.of("apiVersion", "kind", "namespaces");

  private LookupEntries() {}

  /**
   * @param value the value of {@code lookups}, or null when absent
   * @param where the watch entry, for messages
   */
  static List<DeclaredLookup> read(Object value, String where) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> entries)) {
      throw new OperatorException(
          where + ": lookups must be a list of entries {apiVersion, kind, namespaces}.");
    }
    List<DeclaredLookup> read = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      String at = where + ", lookups entry " + (i + 1);
      if (!(entries.get(i) instanceof Map<?, ?> entry)) {
        throw new OperatorException(
            at + " is not a map; an entry is {apiVersion, kind, namespaces}.");
      }
      for (Object key : entry.keySet()) {
        if (!KEYS.contains(String.valueOf(key))) {
          throw new OperatorException(
              at + " has an unknown key '" + key + "'; the keys are " + new TreeSet<>(KEYS));
        }
      }
      read.add(
          new DeclaredLookup(
              name(entry, "apiVersion", at), name(entry, "kind", at), namespaces(entry, at)));
    }
    return List.copyOf(read);
  }

  private static String name(Map<?, ?> entry, String key, String at) {
    if (!(entry.get(key) instanceof String text) || text.isBlank()) {
      throw new OperatorException(at + " needs '" + key + "', as a manifest writes it.");
    }
    return text.strip();
  }

  private static List<String> namespaces(Map<?, ?> entry, String at) {
    Object value = entry.get("namespaces");
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)
        || list.isEmpty()
        || list.stream().anyMatch(item -> !(item instanceof String s) || s.isBlank())) {
      throw new OperatorException(
          at
              + ": namespaces must be a list of namespace names; leave it out for the resource's"
              + " own namespace.");
    }
    return list.stream().map(String.class::cast).map(String::strip).toList();
  }
}
