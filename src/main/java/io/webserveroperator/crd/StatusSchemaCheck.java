package io.webserveroperator.crd;

import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.status.EngineStatusFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether one version of a kind's CRD can hold the status the operator writes: without the status
 * subresource no status write lands at all (no conditions, no inventory, so nothing is ever
 * pruned), and a status field its schema does not declare the API server drops without a word. The
 * fields are the engine's ({@link EngineStatusFields}, with their shape: an inventory entry's
 * {@code kind} must be kept too) and those the kind's status template renders (by name). A schema
 * that preserves unknown fields holds whatever is below it. The operator checks each watched kind's
 * CRD as the API server serves it when it starts and when the kind's templates reload; {@code lint}
 * checks the CRDs of {@code crds/}.
 */
public final class StatusSchemaCheck {

  private static final String PRESERVE = "x-kubernetes-preserve-unknown-fields";

  private StatusSchemaCheck() {}

  /**
   * What the CRD lacks.
   *
   * @param crd the CRD's name, {@code postgreses.db.test.example.com}
   * @param version the version, as {@code spec.versions} names it
   * @param subresource whether it is missing the status subresource
   * @param undeclared the status fields its schema drops, as paths: {@code status.inventory},
   *     {@code status.inventory[].kind}
   */
  public record Problem(String crd, String version, boolean subresource, List<String> undeclared) {

    public Problem {
      undeclared = List.copyOf(undeclared);
    }

    /**
     * One sentence naming the CRD, the version and what to add: {@code CRD x, version v1, cannot
     * hold the status the operator writes: add subresources: {status: {}} to version v1; declare
     * status.inventory under its openAPIV3Schema.properties.status (or set
     * x-kubernetes-preserve-unknown-fields: true there), as create api writes them}.
     */
    public String describe() {
      List<String> adds = new ArrayList<>();
      if (subresource) {
        adds.add("add subresources: {status: {}} to version " + version);
      }
      if (!undeclared.isEmpty()) {
        adds.add(
            "declare "
                + String.join(", ", undeclared)
                + " in its openAPIV3Schema (or set "
                + PRESERVE
                + ": true on status), as create api writes them");
      }
      return "CRD "
          + crd
          + ", version "
          + version
          + ", cannot hold the status the operator writes: "
          + String.join("; ", adds);
    }
  }

  /**
   * What one version of a CRD lacks to hold a resource's status.
   *
   * @param crd the CRD as plain maps, as the API server serves it or a file holds it
   * @param version the version the operator watches
   * @param templateFields the fields the kind's status template renders
   * @return what it lacks; empty when it holds every field, or does not list the version
   */
  public static Optional<Problem> check(
      Map<String, Object> crd, String version, Set<String> templateFields) {
    String name = String.valueOf(UntypedMaps.get(crd, "metadata", "name"));
    Optional<Map<String, Object>> served =
        UntypedMaps.getMaps(crd, "spec", "versions").stream()
            .filter(v -> version.equals(v.get("name")))
            .findFirst();
    if (served.isEmpty()) {
      return Optional.empty(); // a version it does not serve is not watched
    }
    boolean noSubresource =
        !(UntypedMaps.get(served.get(), "subresources", "status") instanceof Map<?, ?>);
    Map<String, Object> root = UntypedMaps.getMap(served.get(), "schema", "openAPIV3Schema");
    List<String> undeclared = new ArrayList<>();
    if (root != null && !preserves(root)) {
      Map<String, Object> status = UntypedMaps.getMap(root, "properties", "status");
      for (EngineStatusFields.Field field : EngineStatusFields.all()) {
        undeclared.addAll(
            lacks(child(status, field.name()), field.schema(), "status." + field.name()));
      }
      for (String field : templateFields) {
        if (!EngineStatusFields.names().contains(field) && child(status, field) == null) {
          undeclared.add("status." + field);
        }
      }
    }
    return noSubresource || !undeclared.isEmpty()
        ? Optional.of(new Problem(name, version, noSubresource, undeclared))
        : Optional.empty();
  }

  /** The paths below {@code path} that {@code declared} drops of what {@code written} holds. */
  private static List<String> lacks(
      Map<String, Object> declared, Map<String, Object> written, String path) {
    if (declared == null) {
      return List.of(path);
    }
    if (preserves(declared)) {
      return List.of();
    }
    List<String> lacking = new ArrayList<>();
    Map<String, Object> properties = UntypedMaps.getMap(written, "properties");
    if (properties != null) {
      properties.forEach(
          (field, schema) ->
              lacking.addAll(
                  lacks(
                      UntypedMaps.getMap(declared, "properties", field),
                      UntypedMaps.asMap(schema, path + "." + field),
                      path + "." + field)));
    }
    Map<String, Object> items = UntypedMaps.getMap(written, "items");
    if (items != null) {
      lacking.addAll(lacks(UntypedMaps.getMap(declared, "items"), items, path + "[]"));
    }
    return lacking;
  }

  /** The schema of a field of {@code status}, or null; a status that preserves holds every one. */
  private static Map<String, Object> child(Map<String, Object> status, String field) {
    if (status == null) {
      return null;
    }
    return preserves(status)
        ? Map.of(PRESERVE, true)
        : UntypedMaps.getMap(status, "properties", field);
  }

  private static boolean preserves(Map<String, Object> schema) {
    return Boolean.TRUE.equals(schema.get(PRESERVE));
  }
}
