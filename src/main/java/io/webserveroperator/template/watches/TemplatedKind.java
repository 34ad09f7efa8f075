package io.webserveroperator.template.watches;

import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.template.source.TemplateLoadException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One entry of {@code watches.yaml}: a kind the engine handles and the templates that render it.
 *
 * @param group the kind's API group, e.g. {@code webapp.example.com}
 * @param version the API version, e.g. {@code v1}
 * @param kind the kind, e.g. {@code WebServer}
 * @param templates the folder of {@code *.yaml.j2} files, relative to the templates root
 * @param status the status template, relative to the templates root, if the entry declares one
 * @param allowOtherNamespaces whether rendered objects may name a namespace other than the
 *     resource's own
 * @param allowedClusterScopedKinds cluster-scoped kinds the templates may render (none by default)
 * @param allowEmpty whether a resource may render no objects at all (which prunes everything it
 *     owns); off by default, so that missing templates never delete a user's objects
 * @param ignoreDifferences fields of rendered objects that other managers may own, never compared
 *     nor taken back ({@link IgnoreDifference})
 * @param readiness the rules that judge children of other kinds than the built-in rules do, or
 *     replace a built-in rule ({@code template.ReadinessRules})
 * @param rollout how the kind's resources move to a new revision of its templates, in steps; empty
 *     when all move at once
 * @param lookups what its templates may read with {@code lookup}; any other lookup fails the render
 * @param problem what is wrong with the entry's ignoreDifferences, readiness rules or rollout, if
 *     anything: the kind then fails to load, as when a template does not parse, while every other
 *     kind loads
 */
public record TemplatedKind(
    String group,
    String version,
    String kind,
    String templates,
    Optional<String> status,
    boolean allowOtherNamespaces,
    Set<String> allowedClusterScopedKinds,
    boolean allowEmpty,
    List<IgnoreDifference> ignoreDifferences,
    List<ReadinessRule> readiness,
    Optional<RolloutPolicy> rollout,
    List<DeclaredLookup> lookups,
    Optional<Problem> problem) {

  /**
   * What is wrong with an entry of watches.yaml, which keeps its kind from loading.
   *
   * @param file the file to name before the reason, relative to the templates root, with {@code
   *     line}; null when the reason names the place itself ({@code watches.yaml entry 1
   *     (WebServer), readiness rule 2 ...})
   * @param line the 1-based line in {@code file}; 0 when not known
   * @param reason what is wrong, as a sentence
   */
  public record Problem(String file, int line, String reason) {

    public Problem {
      Objects.requireNonNull(reason, "reason");
    }

    /** The failure the kind's loading reports. */
    public TemplateLoadException exception() {
      return new TemplateLoadException(file, line, reason);
    }
  }

  public TemplatedKind {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(templates, "templates");
    status = status == null ? Optional.empty() : status;
    allowedClusterScopedKinds =
        allowedClusterScopedKinds == null ? Set.of() : Set.copyOf(allowedClusterScopedKinds);
    ignoreDifferences = ignoreDifferences == null ? List.of() : List.copyOf(ignoreDifferences);
    readiness = readiness == null ? List.of() : List.copyOf(readiness);
    rollout = rollout == null ? Optional.empty() : rollout;
    lookups = lookups == null ? List.of() : List.copyOf(lookups);
    problem = problem == null ? Optional.empty() : problem;
  }

  /** A kind rendered from {@code templates}, with every option at its default. */
  public static TemplatedKind of(String group, String version, String kind, String templates) {
    return new TemplatedKind(
        group, version, kind, templates, null, false, null, false, null, null, null, null, null);
  }

  /** {@code group/version}, as in a manifest's {@code apiVersion}. */
  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /**
   * What names the kind across edits of its entry: {@code apiVersion/kind}. An entry whose other
   * keys change is the same kind with new settings; one whose version changes is another kind.
   */
  public String identity() {
    return apiVersion() + "/" + kind;
  }
}
