package io.webserveroperator.template.watches;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.YamlErrors;
import io.webserveroperator.template.source.TemplateLoadException;
import io.webserveroperator.template.source.TemplateTree;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Reads {@code watches.yaml}: a list of {@link TemplatedKind} entries, checked key by key. */
public final class WatchesFile {

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
          "ignoreDifferences",
          "readiness",
          "rollout",
          "lookups");
  private static final Set<String> RULE_KEYS =
      Set.of("group", "kind", "ready", "failed", "message");

  private WatchesFile() {}

  /**
   * Reads the watches file {@code name} of {@code tree}; the folders and files the entries name are
   * checked when their templates load.
   */
  public static List<TemplatedKind> read(TemplateTree tree, String name) {
    Path file = tree.root().resolve(name);
    String text =
        tree.file(name).orElseThrow(() -> new OperatorException("There is no " + file + "."));
    Object parsed;
    try {
      parsed = YAML.readValue(text, Object.class);
    } catch (IOException e) {
      throw new OperatorException(YamlErrors.describe(file.toString(), e) + ".", e);
    }
    if (!(parsed instanceof List<?> entries) || entries.isEmpty()) {
      throw new OperatorException(file + " must be a YAML list of watches (group, version, kind).");
    }
    YamlLines lines = YamlLines.of(text);
    List<TemplatedKind> watches = new ArrayList<>();
    Set<String> kinds = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      String where = file + " entry " + (i + 1);
      if (!(entries.get(i) instanceof Map<?, ?> entry)) {
        throw new OperatorException(where + " is not a map.");
      }
      RolloutPolicyReader rollout = new RolloutPolicyReader(name, lines, "/0/" + i + "/rollout");
      TemplatedKind watch = watch(entry, where, name + " entry " + (i + 1), rollout);
      if (!kinds.add(watch.group() + "/" + watch.kind())) {
        throw new OperatorException(where + " repeats the kind " + watch.kind() + ".");
      }
      watches.add(watch);
    }
    return List.copyOf(watches);
  }

  private static TemplatedKind watch(
      Map<?, ?> entry, String where, String shortWhere, RolloutPolicyReader rolloutReader) {
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
    List<IgnoreDifference> ignored = List.of();
    List<ReadinessRule> rules = List.of();
    Optional<RolloutPolicy> rollout = Optional.empty();
    List<DeclaredLookup> lookups = List.of();
    Optional<TemplatedKind.Problem> problem = Optional.empty();
    // Each fails this kind's loading only, as a template that does not parse would.
    try {
      ignored = IgnoreDifferencesEntries.read(entry.get("ignoreDifferences"), where);
      rules = readiness(entry.get("readiness"), shortWhere + " (" + kind + ")");
      rollout = rolloutReader.read(entry.get("rollout"));
      lookups = LookupEntries.read(entry.get("lookups"), shortWhere + " (" + kind + ")");
    } catch (TemplateLoadException e) {
      problem = Optional.of(new TemplatedKind.Problem(e.template(), e.line(), e.reason()));
    } catch (OperatorException e) {
      problem = Optional.of(new TemplatedKind.Problem(null, 0, e.getMessage()));
    }
    return new TemplatedKind(
        group,
        version,
        kind,
        templates,
        status,
        flag(entry, "allowOtherNamespaces", where),
        clusterKinds,
        flag(entry, "allowEmpty", where),
        ignored,
        rules,
        rollout,
        lookups,
        problem);
  }

  /**
   * The readiness rules of an entry, checked key by key; their expressions are parsed when the
   * kind's templates load.
   *
   * @param where {@code watches.yaml entry 1 (WebServer)}
   */
  private static List<ReadinessRule> readiness(Object value, String where) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> items)) {
      throw new OperatorException(
          where + ": readiness must be a list of rules {group, kind, ready, failed, message}.");
    }
    List<ReadinessRule> rules = new ArrayList<>();
    Map<String, String> kinds = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      String at = where + ", readiness rule " + (i + 1);
      if (!(items.get(i) instanceof Map<?, ?> item)) {
        throw new OperatorException(
            at + " is not a map; a rule is {group, kind, ready, failed, message}.");
      }
      for (Object key : item.keySet()) {
        if (!RULE_KEYS.contains(String.valueOf(key))) {
          throw new OperatorException(
              at + " has an unknown key '" + key + "'; the keys are " + new TreeSet<>(RULE_KEYS));
        }
      }
      String group = ruleText(item, "group", at).orElse("");
      String kind = ruleText(item, "kind", at).orElse("");
      if (kind.isBlank()) {
        throw new OperatorException(at + " needs 'kind', the kind of child it judges.");
      }
      String ready =
          ruleText(item, "ready", at)
              .filter(text -> !text.isBlank())
              .orElseThrow(
                  () ->
                      new OperatorException(
                          at
                              + " needs 'ready', an expression that is true when the child is"
                              + " ready."));
      ReadinessRule rule =
          new ReadinessRule(
              group,
              kind,
              ready,
              ruleText(item, "failed", at).filter(text -> !text.isBlank()),
              ruleText(item, "message", at).filter(text -> !text.isBlank()),
              at);
      String earlier = kinds.putIfAbsent(rule.kindName(), at);
      if (earlier != null) {
        throw new OperatorException(
            at + " judges " + rule.kindName() + " again, as " + earlier + " does; merge them.");
      }
      rules.add(rule);
    }
    return List.copyOf(rules);
  }

  /** A rule's text value; {@code group} and {@code kind} may not be empty when given. */
  private static Optional<String> ruleText(Map<?, ?> item, String key, String where) {
    Object value = item.get(key);
    if (value == null) {
      return Optional.empty();
    }
    if (!(value instanceof String text)) {
      throw new OperatorException(
          where
              + ": '"
              + key
              + "' must be "
              + (key.equals("group") || key.equals("kind") ? "a name" : "an expression")
              + " in quotes, not "
              + value
              + ".");
    }
    if ((key.equals("group") || key.equals("kind")) && text.isBlank()) {
      throw new OperatorException(
          where
              + ": '"
              + key
              + "' is empty; "
              + (key.equals("group")
                  ? "leave it out for the core group (Pod, PersistentVolumeClaim)."
                  : "name the kind of child the rule judges."));
    }
    return Optional.of(text.strip());
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
