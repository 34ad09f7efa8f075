package io.webserveroperator.template;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.Files;
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
          "allowedClusterScopedKinds");

  private WatchesFile() {}

  static List<Watch> read(Path file) {
    Object parsed;
    try {
      parsed = YAML.readValue(Files.readString(file), Object.class);
    } catch (IOException e) {
      throw new OperatorException("Cannot read " + file + ": " + e.getMessage(), e);
    }
    if (!(parsed instanceof List<?> entries) || entries.isEmpty()) {
      throw new OperatorException(file + " must be a YAML list of watches (group, version, kind).");
    }
    Path root = file.toAbsolutePath().getParent();
    List<Watch> watches = new ArrayList<>();
    Set<String> kinds = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      String where = file + " entry " + (i + 1);
      if (!(entries.get(i) instanceof Map<?, ?> entry)) {
        throw new OperatorException(where + " is not a map.");
      }
      Watch watch = watch(entry, root, where);
      if (!kinds.add(watch.group() + "/" + watch.kind())) {
        throw new OperatorException(where + " repeats the kind " + watch.kind() + ".");
      }
      watches.add(watch);
    }
    return List.copyOf(watches);
  }

  private static Watch watch(Map<?, ?> entry, Path root, String where) {
    for (Object key : entry.keySet()) {
      if (!KEYS.contains(String.valueOf(key))) {
        throw new OperatorException(
            where + " has an unknown key '" + key + "'; the keys are " + new TreeSet<>(KEYS));
      }
    }
    String group = text(entry, "group", where, true);
    String version = text(entry, "version", where, false);
    String kind = text(entry, "kind", where, false);
    Path templates = root.resolve(text(entry, "templates", where, false)).normalize();
    if (!Files.isDirectory(templates)) {
      throw new OperatorException(
          where + " names the templates folder " + templates + ", which does not exist.");
    }
    Optional<String> status = Optional.ofNullable(entry.get("status")).map(String::valueOf);
    if (status.isPresent() && !Files.isRegularFile(root.resolve(status.get()))) {
      throw new OperatorException(
          where + " names the status template " + status.get() + ", which does not exist.");
    }
    Object others = entry.get("allowOtherNamespaces");
    if (others != null && !(others instanceof Boolean)) {
      throw new OperatorException(where + ": allowOtherNamespaces must be true or false.");
    }
    Set<String> clusterKinds = new LinkedHashSet<>();
    Object listed = entry.get("allowedClusterScopedKinds");
    if (listed instanceof List<?> list) {
      list.forEach(item -> clusterKinds.add(String.valueOf(item)));
    } else if (listed != null) {
      throw new OperatorException(where + ": allowedClusterScopedKinds must be a list of kinds.");
    }
    return new Watch(
        group, version, kind, templates, status, Boolean.TRUE.equals(others), clusterKinds);
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
