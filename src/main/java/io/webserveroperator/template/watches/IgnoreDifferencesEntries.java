package io.webserveroperator.template.watches;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.JsonPointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a kind's {@code ignoreDifferences} list in {@code watches.yaml}, with Argo CD's keys
 * ({@code group}, {@code kind}, {@code name}, {@code namespace}, {@code jsonPointers}, {@code
 * managedFieldsManagers}), checked key by key: a typo must never silently leave a field to another
 * manager, or fight it.
 */
final class IgnoreDifferencesEntries {

  private static final Set<String> KEYS =
      Set.of("group", "kind", "name", "namespace", "jsonPointers", "managedFieldsManagers");

  private IgnoreDifferencesEntries() {}

  /**
   * @param value the value of {@code ignoreDifferences}, or null when absent
   * @param where the watch entry, for messages
   */
  static List<IgnoreDifference> read(Object value, String where) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> entries)) {
      throw new OperatorException(where + ": ignoreDifferences must be a list of entries.");
    }
    List<IgnoreDifference> read = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      String at = where + ", ignoreDifferences entry " + (i + 1);
      if (!(entries.get(i) instanceof Map<?, ?> entry)) {
        throw new OperatorException(at + " is not a map.");
      }
      read.add(entry(entry, at));
    }
    return List.copyOf(read);
  }

  private static IgnoreDifference entry(Map<?, ?> entry, String at) {
    for (Object key : entry.keySet()) {
      if (!KEYS.contains(String.valueOf(key))) {
        throw new OperatorException(
            at
                + " has an unknown key '"
                + key
                + "'; the keys are "
                + new TreeSet<>(KEYS)
                + " (jqPathExpressions is not supported: use jsonPointers)");
      }
    }
    Object kind = entry.get("kind");
    if (kind == null || kind.toString().isBlank()) {
      throw new OperatorException(at + " needs 'kind'.");
    }
    List<JsonPointer> pointers = new ArrayList<>();
    for (String text : strings(entry, "jsonPointers", at)) {
      try {
        pointers.add(JsonPointer.parse(text));
      } catch (IllegalArgumentException e) {
        throw new OperatorException(at + ": " + e.getMessage() + ".");
      }
    }
    if (pointers.isEmpty()) {
      throw new OperatorException(at + " needs 'jsonPointers', a list such as [/spec/replicas].");
    }
    return new IgnoreDifference(
        text(entry.get("group")),
        kind.toString(),
        text(entry.get("namespace")),
        text(entry.get("name")),
        pointers,
        strings(entry, "managedFieldsManagers", at));
  }

  private static List<String> strings(Map<?, ?> entry, String key, String at) {
    Object value = entry.get(key);
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)
        || list.stream().anyMatch(item -> !(item instanceof String s) || s.isBlank())) {
      throw new OperatorException(at + ": " + key + " must be a list of strings.");
    }
    return list.stream().map(String.class::cast).toList();
  }

  private static String text(Object value) {
    return value == null ? "" : value.toString();
  }
}
