package io.webserveroperator.kind;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The names of a kind of one's own: its API group, version and kind, and the resource names of its
 * CRD. Valid by construction: see the {@code *Problem} methods for the rules, which are the API
 * server's for CRDs, plus kro's for kinds and versions.
 *
 * @param group the API group, a DNS subdomain with at least one dot ({@code db.example.com})
 * @param version the version ({@code v1}, {@code v1beta1})
 * @param kind the kind, in CamelCase ({@code Postgres})
 * @param plural the resource name, a lower-case DNS label ({@code postgres})
 * @param shortNames kubectl's aliases ({@code pg}), lower-case DNS labels
 * @param categories kubectl's categories the kind belongs to ({@code kubectl get all})
 */
public record KindNames(
    String group,
    String version,
    String kind,
    String plural,
    List<String> shortNames,
    List<String> categories) {

  private static final Pattern KIND = Pattern.compile("[A-Z][A-Za-z0-9]{0,62}");
  private static final Pattern VERSION = Pattern.compile("v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?");
  private static final Pattern LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  public KindNames {
    for (Optional<String> problem :
        List.of(
            groupProblem(group),
            versionProblem(version),
            kindProblem(kind),
            labelProblem(plural, "plural"))) {
      problem.ifPresent(
          p -> {
            throw new IllegalArgumentException(p);
          });
    }
    shortNames = List.copyOf(shortNames);
    categories = List.copyOf(categories);
    shortNames.forEach(
        name ->
            labelProblem(name, "short name")
                .ifPresent(
                    p -> {
                      throw new IllegalArgumentException(p);
                    }));
  }

  /** Why {@code kind} cannot name a kind, if it cannot. */
  public static Optional<String> kindProblem(String kind) {
    if (kind == null || !KIND.matcher(kind).matches()) {
      return Optional.of(
          "'"
              + kind
              + "' is not a valid Kubernetes kind: write it in CamelCase, a capital letter first,"
              + " then letters and digits, 63 at most (Postgres, WebServer)");
    }
    return Optional.empty();
  }

  /** Why {@code group} cannot be a CRD's API group, if it cannot. */
  public static Optional<String> groupProblem(String group) {
    if (group == null || group.length() > 253 || !SUBDOMAIN.matcher(group).matches()) {
      return Optional.of(
          "'" + group + "' is not a valid API group: a lower-case DNS name such as db.example.com");
    }
    if (!group.contains(".")) {
      return Optional.of(
          "'"
              + group
              + "' has no dot: a CRD's group must be a domain name, such as "
              + group
              + ".example.com");
    }
    if (group.equals("k8s.io")
        || group.endsWith(".k8s.io")
        || group.equals("kubernetes.io")
        || group.endsWith(".kubernetes.io")) {
      return Optional.of(
          "'" + group + "' is reserved for Kubernetes' own APIs; use a domain of your own");
    }
    return Optional.empty();
  }

  /** Why {@code version} cannot be a version, if it cannot. */
  public static Optional<String> versionProblem(String version) {
    if (version == null || !VERSION.matcher(version).matches()) {
      return Optional.of(
          "'" + version + "' is not a Kubernetes API version such as v1, v1beta1 or v2alpha1");
    }
    return Optional.empty();
  }

  /** Why {@code name} cannot be a plural or a short name, if it cannot. */
  public static Optional<String> labelProblem(String name, String what) {
    if (name == null || name.length() > 63 || !LABEL.matcher(name).matches()) {
      return Optional.of(
          "'"
              + name
              + "' is not a valid "
              + what
              + ": lower-case letters, digits and '-', a letter first, 63 at most");
    }
    return Optional.empty();
  }

  /**
   * The resource name of a kind: in lower case, made plural as Kubernetes' API conventions do
   * ({@code Ingress}: {@code ingresses}, {@code NetworkPolicy}: {@code networkpolicies}).
   */
  public static String pluralOf(String kind) {
    String lower = kind.toLowerCase(Locale.ROOT);
    if (lower.matches(".*(s|x|z|ch|sh)")) {
      return lower + "es";
    }
    if (lower.matches(".*[^aeiou]y")) {
      return lower.substring(0, lower.length() - 1) + "ies";
    }
    return lower + "s";
  }

  /** {@code group/version}. */
  public String apiVersion() {
    return group + "/" + version;
  }

  /** The singular resource name: the kind in lower case. */
  public String singular() {
    return kind.toLowerCase(Locale.ROOT);
  }

  /** The CRD's name, {@code plural.group}. */
  public String crdName() {
    return plural + "." + group;
  }

  /** The CRD's file in {@code crds/}: {@code group_plural.yaml}, as kubebuilder names it. */
  public String crdFile() {
    return group + "_" + plural + ".yaml";
  }

  /** The kind's folder under {@code templates/}: the kind in lower case. */
  public String folder() {
    return singular();
  }

  /** The same names with another plural and other short names. */
  public KindNames with(String plural, List<String> shortNames) {
    return new KindNames(group, version, kind, plural, shortNames, categories);
  }
}
