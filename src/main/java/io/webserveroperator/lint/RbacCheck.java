package io.webserveroperator.lint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.YamlLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * RBAC follows the templates: deploy/'s ClusterRole must grant the operator what each watched kind
 * and each rendered kind needs, and {@link #clusterRole} prints the role that does.
 *
 * <p>Per child kind the operator lists and watches it (the child caches), server-side applies it
 * (patch; create when it does not exist yet), reads it when a create-only apply finds it there
 * already (get: whose is it?) and prunes it (delete). Per watched kind it lists and watches it,
 * patches its status and updates its finalizers (owner references with blockOwnerDeletion).
 */
final class RbacCheck {

  private static final List<String> CHILD_VERBS =
      List.of("get", "list", "watch", "create", "patch", "delete");

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  private RbacCheck() {}

  /** One grant the operator needs: verbs on a resource of a group. */
  record Rule(String group, String resource, List<String> verbs) {}

  /**
   * The rules of a watched kind: its resource, its status and its finalizers.
   *
   * @param plural its resource name, from its CRD when it has one
   */
  static List<Rule> watchedRules(TemplatedKind watch, String plural) {
    return List.of(
        new Rule(watch.group(), plural, List.of("list", "watch")),
        new Rule(watch.group(), plural + "/status", List.of("patch")),
        new Rule(watch.group(), plural + "/finalizers", List.of("update")));
  }

  /**
   * Findings for every rule deploy's ClusterRole does not grant, each with the rule to add; one
   * note instead when the folder holds no ClusterRole (or does not exist), as in a project that
   * deploys the operator some other way.
   */
  static List<Finding> check(
      Path deploy,
      Path watchesFile,
      List<TemplatedKind> watches,
      List<RenderedKind> kinds,
      CrdSchemas crds) {
    ClusterRoleRules granted = ClusterRoleRules.read(deploy);
    if (!granted.found()) {
      return List.of(
          Finding.note(
              deploy.toString(),
              0,
              "RBAC not checked: "
                  + (Files.isDirectory(deploy) ? "no ClusterRole in this folder" : "no such folder")
                  + "; give --deploy the folder of the operator's ClusterRole (--print-rbac"
                  + " prints the one the templates need), or --no-rbac to skip the check"));
    }
    List<Finding> findings = new ArrayList<>();
    YamlLines lines = YamlLines.of(watchesFile);
    for (int i = 0; i < watches.size(); i++) {
      TemplatedKind watch = watches.get(i);
      int line = lines.line("/0/" + i + "/kind");
      for (Rule rule : watchedRules(watch, crds.plural(watch.group(), watch.kind()))) {
        missing(granted, rule)
            .ifPresent(
                add ->
                    findings.add(
                        Finding.error(
                            watchesFile.toString(),
                            line,
                            "the operator watches " + watch.kind() + " but " + add)));
      }
    }
    Map<String, RenderedKind> seen = new LinkedHashMap<>();
    kinds.forEach(kind -> seen.putIfAbsent(kind.group() + "/" + kind.kind(), kind));
    for (RenderedKind kind : seen.values()) {
      missing(granted, new Rule(kind.group(), kind.resource(), CHILD_VERBS))
          .ifPresent(
              add ->
                  findings.add(
                      Finding.error(
                          kind.file().toString(),
                          kind.line(),
                          kind.kind()
                              + " ("
                              + kind.apiVersion()
                              + ") is rendered here but "
                              + add)));
    }
    return findings;
  }

  private static Optional<String> missing(ClusterRoleRules granted, Rule rule) {
    List<String> verbs =
        rule.verbs().stream()
            .filter(v -> !granted.grants(rule.group(), rule.resource(), v))
            .toList();
    if (verbs.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "deploy/'s ClusterRole does not grant "
            + String.join(", ", verbs)
            + " on it; add the rule {apiGroups: [\""
            + rule.group()
            + "\"], resources: ["
            + rule.resource()
            + "], verbs: ["
            + String.join(", ", rule.verbs())
            + "]}");
  }

  /**
   * The rules of the ClusterRole the templates need: the watched kinds' rules, one rule per group
   * of rendered kinds, and events (the operator records them).
   */
  static List<Map<String, Object>> rules(
      List<TemplatedKind> watches, List<RenderedKind> kinds, CrdSchemas crds) {
    List<Map<String, Object>> rules = new ArrayList<>();
    for (TemplatedKind watch : watches) {
      watchedRules(watch, crds.plural(watch.group(), watch.kind()))
          .forEach(rule -> rules.add(rule(rule.group(), List.of(rule.resource()), rule.verbs())));
    }
    Map<String, TreeSet<String>> byGroup = new TreeMap<>();
    kinds.forEach(
        kind -> byGroup.computeIfAbsent(kind.group(), g -> new TreeSet<>()).add(kind.resource()));
    byGroup.forEach(
        (group, resources) -> rules.add(rule(group, List.copyOf(resources), CHILD_VERBS)));
    rules.add(rule("", List.of("events"), List.of("create", "get", "patch")));
    return rules;
  }

  /** A ClusterRole with these rules, named after the operator, as YAML. */
  static String clusterRole(OperatorName name, List<Map<String, Object>> rules) {
    Map<String, Object> role = new LinkedHashMap<>();
    role.put("apiVersion", "rbac.authorization.k8s.io/v1");
    role.put("kind", "ClusterRole");
    role.put("metadata", Map.of("name", name.value()));
    role.put("rules", rules);
    try {
      return YAML.writeValueAsString(role);
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write the ClusterRole: " + e.getMessage(), e);
    }
  }

  private static Map<String, Object> rule(
      String group, List<String> resources, List<String> verbs) {
    Map<String, Object> rule = new LinkedHashMap<>();
    rule.put("apiGroups", List.of(group));
    rule.put("resources", resources);
    rule.put("verbs", verbs);
    return rule;
  }
}
