package io.webserveroperator.template;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Reads {@code watches.yaml}: a list of {@link Watch} entries, checked key by key. */
final class WatchesFile {

  private static final ObjectMapper YAML = new YAMLMapper();
  private static final Set<String> KEYS =
      Set.of(
          "group",
          "version",
          "kind",
          "templates",
          "status",
          "allowOtherNamespaces",
          "allowedClusterScopedKinds",
          "allowEmpty",
          "ignoreDifferences");

  private WatchesFile() {}

  /**
   * Reads the watches file {@code name} of {@code tree}; the folders and files the entries name are
   * checked when their templates load.
   */
  static List<Watch> read(TemplateTree tree, String name) {
    Path file = tree.root().resolve(name);
    String text =
        tree.file(name).orElseThrow(() -> new OperatorException("There is no " + file + "."));
    Object parsed;
    try {
      parsed = YAML.readValue(text, Object.class);
    } catch (IOException e) {
      throw new OperatorException("Cannot read " + file + ": " + e.getMessage(), e);
    }
    if (!(parsed instanceof List<?> entries) || entries.isEmpty()) {
      throw new OperatorException(file + " must be a YAML list of watches (group, version, kind).");
    }
    List<Watch> watches = new ArrayList<>();
    Set<String> kinds = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      String where = file + " entry " + (i + 1);
      if (!(entries.get(i) instanceof Map<?, ?> entry)) {
        throw new OperatorException(where + " is not a map.");
      }
      Watch watch = watch(entry, where);
      if (!kinds.add(watch.group() + "/" + watch.kind())) {
        throw new OperatorException(where + " repeats the kind " + watch.kind() + ".");
      }
      watches.add(watch);
    }
    return List.copyOf(watches);
  }

  private static Watch watch(Map<?, ?> entry, String where) {
    for (Object key : entry.keySet()) {
      if (!KEYS.contains(String.valueOf(key))) {
        throw new OperatorException(
            where + " has an unknown key '" + key + "'; the keys are " + new TreeSet<>(KEYS));
      }
    }
    String group = text(entry, "group", where, true);
    String version = text(entry, "version", where, false);
    String kind = text(entry, "kind", where, false);
    String templates = relativePath(text(entry, "templates", where, false), where);
    Optional<String> status =
        Optional.ofNullable(entry.get("status")).map(s -> relativePath(String.valueOf(s), where));
    Set<String> clusterKinds = new LinkedHashSet<>();
    Object listed = entry.get("allowedClusterScopedKinds");
    if (listed instanceof List<?> list) {
      list.forEach(item -> clusterKinds.add(String.valueOf(item)));
    } else if (listed != null) {
      throw new OperatorException(where + ": allowedClusterScopedKinds must be a list of kinds.");
    }
    return new Watch(
        group,
        version,
        kind,
        templates,
        status,
        flag(entry, "allowOtherNamespaces", where),
        clusterKinds,
        flag(entry, "allowEmpty", where),
        IgnoreDifferencesEntries.read(entry.get("ignoreDifferences"), where));
  }

  /** A path inside the templates root, as the tree names it: no {@code ./}, no trailing slash. */
  private static String relativePath(String path, String where) {
    Path normalized = Path.of(path).normalize();
    if (normalized.isAbsolute() || normalized.startsWith("..")) {
      throw new OperatorException(
          where + " names " + path + ", which is outside the folder of watches.yaml.");
    }
    return normalized.toString().replace('\\', '/');
  }

  private static boolean flag(Map<?, ?> entry, String key, String where) {
    Object value = entry.get(key);
    if (value != null && !(value instanceof Boolean)) {
      throw new OperatorException(where + ": " + key + " must be true or false.");
    }
    return Boolean.TRUE.equals(value);
  }

  private static String text(Map<?, ?> entry, String key, String where, boolean mayBeEmpty) {
    Object value = entry.get(key);
    if (value == null && mayBeEmpty) {
      return "";
    }
    if (value == null || value.toString().isBlank()) {
      throw new OperatorException(where + " needs '" + key + "'.");
    }
    return value.toString();
  }
}
