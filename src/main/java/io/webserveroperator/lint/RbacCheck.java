package io.webserveroperator.lint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.template.watches.DeclaredLookup;
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
 * patches its status and updates its finalizers (owner references with blockOwnerDeletion). Per
 * kind its templates look up ({@code lookups} in watches.yaml) it lists and watches it (the lookup
 * caches), and nothing more.
 */
final class RbacCheck {

  private static final List<String> CHILD_VERBS =
      List.of("get", "list", "watch", "create", "patch", "delete");
  private static final List<String> LOOKUP_VERBS = List.of("list", "watch");

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  private RbacCheck() {}

  /** One grant the operator needs: verbs on a resource of a group. */
  record Rule(String group, String resource, List<String> verbs) {}

  /**
   * What recreating a StatefulSet whose claim templates grew needs of the claims it made: list them
   * (by its selector) and raise their storage requests.
   */
  static final Rule CLAIMS = new Rule("", "persistentvolumeclaims", List.of("list", "patch"));

  private static final String CRDS = "customresourcedefinitions";
  private static final String CRD_GROUP = "apiextensions.k8s.io";

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
    for (int i = 0; i < watches.size(); i++) {
      TemplatedKind watch = watches.get(i);
      String crd = crdName(watch, crds);
      if (!granted.grantsNamed(CRD_GROUP, CRDS, "get", crd)) {
        findings.add(
            Finding.warning(
                watchesFile.toString(),
                lines.line("/0/" + i + "/kind"),
                "deploy/'s ClusterRole does not grant get on the CRD "
                    + crd
                    + ", which the operator reads when it starts to check that it holds the status"
                    + " it writes for "
                    + watch.kind()
                    + " (without it the check is skipped); add it to the rule {apiGroups: ["
                    + CRD_GROUP
                    + "], resources: ["
                    + CRDS
                    + "], resourceNames: [...], verbs: [get]}"));
      }
      List<DeclaredLookup> lookups = watch.lookups();
      for (int j = 0; j < lookups.size(); j++) {
        DeclaredLookup lookup = lookups.get(j);
        int line = lines.line("/0/" + i + "/lookups/" + j + "/kind");
        missing(granted, lookupRule(lookup))
            .ifPresent(
                add ->
                    findings.add(
                        Finding.error(
                            watchesFile.toString(),
                            line,
                            watch.kind()
                                + "'s templates look up "
                                + lookup.kind()
                                + " ("
                                + lookup.apiVersion()
                                + ") but "
                                + add)));
      }
    }
    Map<String, RenderedKind> seen = new LinkedHashMap<>();
    kinds.forEach(kind -> seen.putIfAbsent(kind.group() + "/" + kind.kind(), kind));
    for (RenderedKind kind : seen.values()) {
      if (isStatefulSet(kind)) {
        missing(granted, CLAIMS)
            .ifPresent(
                add ->
                    findings.add(
                        Finding.warning(
                            kind.file().toString(),
                            kind.line(),
                            "a StatefulSet is rendered here, whose claims the operator lists and"
                                + " grows when it recreates it for a claim template that asks for"
                                + " more storage, but "
                                + add)));
      }
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

  /** What a lookup's cache needs: list and watch on its kind. */
  static Rule lookupRule(DeclaredLookup lookup) {
    return new Rule(lookup.group(), RenderedKind.resourceOf(lookup.kind()), LOOKUP_VERBS);
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
   * of rendered kinds, one per group of kinds only looked up, events (the operator records them),
   * get on the watched kinds' CRDs (checked when it starts) and, when a StatefulSet is rendered,
   * what growing its claims needs.
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
    // What the templates only look up: read through caches, never written.
    Map<String, TreeSet<String>> lookedUp = new TreeMap<>();
    for (TemplatedKind watch : watches) {
      for (DeclaredLookup lookup : watch.lookups()) {
        Rule rule = lookupRule(lookup);
        if (!byGroup.getOrDefault(rule.group(), new TreeSet<>()).contains(rule.resource())) {
          lookedUp.computeIfAbsent(rule.group(), g -> new TreeSet<>()).add(rule.resource());
        }
      }
    }
    lookedUp.forEach(
        (group, resources) -> rules.add(rule(group, List.copyOf(resources), LOOKUP_VERBS)));
    rules.add(rule("", List.of("events"), List.of("create", "get", "patch")));
    Map<String, Object> crdRule = rule(CRD_GROUP, List.of(CRDS), List.of("get"));
    crdRule.put("resourceNames", watches.stream().map(watch -> crdName(watch, crds)).toList());
    rules.add(crdRule);
    if (kinds.stream().anyMatch(RbacCheck::isStatefulSet)) {
      rules.add(rule(CLAIMS.group(), List.of(CLAIMS.resource()), CLAIMS.verbs()));
    }
    return rules;
  }

  /** The name of a watched kind's CRD: {@code webservers.webapp.example.com}. */
  private static String crdName(TemplatedKind watch, CrdSchemas crds) {
    return crds.plural(watch.group(), watch.kind()) + "." + watch.group();
  }

  private static boolean isStatefulSet(RenderedKind kind) {
    return kind.group().equals("apps") && kind.kind().equals("StatefulSet");
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
