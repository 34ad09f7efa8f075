package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.lint.SpecReads.Read;
import io.webserveroperator.template.watches.ReadinessRule;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.YamlLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The readiness rules of watches.yaml, beyond parsing (which loading checks, {@link WatchesCheck}):
 * every {@code object.status.…} path an expression reads is declared in the status schema of the
 * child's kind, when lint knows it (a CRD in the crds folder, else the Kubernetes schema of a
 * version the templates render), and some template renders the kind the rule judges. Best effort,
 * like {@link SpecPathCheck}: a path it cannot follow passes.
 */
final class ReadinessCheck {

  private static final List<String> EXPRESSIONS = List.of("ready", "failed", "message");

  private ReadinessCheck() {}

  /**
   * @param watchesYaml the file the findings name
   * @param kinds every kind the templates render, written or rendered
   */
  static List<Finding> check(
      Path watchesYaml,
      List<TemplatedKind> watches,
      CrdSchemas crds,
      OpenApiSchemas schemas,
      List<RenderedKind> kinds) {
    YamlLines lines = YamlLines.of(watchesYaml);
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < watches.size(); i++) {
      List<ReadinessRule> rules = watches.get(i).readiness();
      for (int j = 0; j < rules.size(); j++) {
        ReadinessRule rule = rules.get(j);
        String pointer = "/0/" + i + "/readiness/" + j;
        Set<String> versions = new LinkedHashSet<>();
        kinds.stream()
            .filter(k -> k.group().equals(rule.group()) && k.kind().equals(rule.kind()))
            .forEach(k -> versions.add(k.apiVersion()));
        if (versions.isEmpty()) {
          findings.add(
              Finding.warning(
                  watchesYaml.toString(),
                  lines.line(pointer),
                  "no template renders "
                      + rule.kindName()
                      + ", so this readiness rule judges nothing; check its group and kind"));
        }
        List<JsonNode> statuses = statusSchemas(rule, versions, crds, schemas);
        if (statuses.isEmpty()) {
          continue;
        }
        Map<String, String> expressions = new LinkedHashMap<>();
        expressions.put("ready", rule.ready());
        rule.failed().ifPresent(text -> expressions.put("failed", text));
        rule.message().ifPresent(text -> expressions.put("message", text));
        for (String key : EXPRESSIONS) {
          if (!expressions.containsKey(key)) {
            continue;
          }
          Set<String> reported = new LinkedHashSet<>();
          for (Read read : SpecReads.statusReads(expressions.get(key))) {
            undeclared(statuses, read)
                .filter(miss -> reported.add(Read.display("object.status", miss.path())))
                .ifPresent(
                    miss ->
                        findings.add(
                            Finding.error(
                                watchesYaml.toString(),
                                lines.line(pointer + "/" + key),
                                Read.display("object.status", miss.path())
                                    + " is not in the status schema of "
                                    + rule.kindName()
                                    + " ("
                                    + miss.suggestion()
                                    + ")")));
          }
        }
      }
    }
    return findings;
  }

  /**
   * The status schemas of the kind: of the CRD's versions that the templates render (every version
   * when they render none), else the Kubernetes schema of each version rendered.
   */
  private static List<JsonNode> statusSchemas(
      ReadinessRule rule, Set<String> versions, CrdSchemas crds, OpenApiSchemas schemas) {
    List<CrdSchemas.SpecSchema> declared = crds.versions(rule.group(), rule.kind());
    List<JsonNode> statuses = new ArrayList<>();
    for (CrdSchemas.SpecSchema schema : declared) {
      String apiVersion = rule.group() + "/" + schema.version();
      if ((versions.isEmpty() || versions.contains(apiVersion))
          && !schema.status().isMissingNode()) {
        statuses.add(schema.status());
      }
    }
    if (declared.isEmpty()) {
      versions.forEach(
          apiVersion -> schemas.status(apiVersion, rule.kind()).ifPresent(statuses::add));
    }
    return statuses;
  }

  /** Where a read leaves the status schema of every version, if it does. */
  private static Optional<SpecPathCheck.Miss> undeclared(List<JsonNode> statuses, Read read) {
    Optional<SpecPathCheck.Miss> miss = Optional.empty();
    for (JsonNode status : statuses) {
      miss = SpecPathCheck.undeclared(status, read.path(), "object.status");
      if (miss.isEmpty()) {
        return miss;
      }
    }
    return miss;
  }
}
