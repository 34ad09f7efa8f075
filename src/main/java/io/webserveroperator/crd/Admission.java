package io.webserveroperator.crd;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A custom resource as the API server would store it: its CRD's {@code default:} values filled in
 * ({@link StructuralDefaults}) and its schema checked ({@link SchemaValidation}), so that a
 * template rendered by {@code render}, {@code test}, {@code lint} or {@code diff} sees exactly what
 * the cluster would give it, or nothing at all. {@code apiVersion}, {@code kind}, {@code metadata}
 * and {@code status} are left as they are: the API server reads the first three apart from the
 * schema and ignores the last on create. A resource whose kind no CRD of the folder declares passes
 * unchanged. Thread-safe.
 */
public final class Admission {

  /** What the API server reads apart from the schema, or not at all on create. */
  private static final List<String> APART = List.of("apiVersion", "kind", "metadata", "status");

  private final CrdFolder crds;

  private Admission(CrdFolder crds) {
    this.crds = Objects.requireNonNull(crds, "crds");
  }

  /** Admission by the CRDs of a folder. */
  public static Admission of(CrdFolder crds) {
    return new Admission(crds);
  }

  /** No CRDs: every resource passes unchanged. */
  public static Admission none() {
    return new Admission(CrdFolder.none());
  }

  /**
   * The resource as the API server would store it: a copy with defaults applied.
   *
   * @param resource a custom resource as plain maps; not modified
   * @throws AdmissionException when the API server would refuse it, naming every field and the CRD
   */
  public Map<String, Object> admit(Map<String, Object> resource) {
    Map<String, Object> copy = UntypedMaps.deepCopyMap(resource);
    String apiVersion = String.valueOf(resource.get("apiVersion"));
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return copy;
    }
    String kind = String.valueOf(resource.get("kind"));
    Optional<CrdFolder.Crd> crd = crds.find(apiVersion.substring(0, slash), kind);
    Optional<Map<String, Object>> schema =
        crd.flatMap(c -> c.schema(apiVersion.substring(slash + 1)));
    if (schema.isEmpty()) {
      return copy;
    }
    Map<String, Object> apart = new LinkedHashMap<>();
    for (String key : APART) {
      if (copy.containsKey(key)) {
        apart.put(key, copy.remove(key));
      }
    }
    StructuralDefaults.apply(copy, schema.get());
    List<FieldError> errors = SchemaValidation.validate(copy, schema.get(), "");
    if (!errors.isEmpty()) {
      throw new AdmissionException(
          describe(kind, apart.get("metadata")), crd.get().file().toString(), errors);
    }
    // In the resource's own key order, with what defaulting added at the end.
    Map<String, Object> admitted = new LinkedHashMap<>();
    for (String key : resource.keySet()) {
      admitted.put(key, apart.containsKey(key) ? apart.get(key) : copy.get(key));
    }
    copy.forEach(admitted::putIfAbsent);
    return admitted;
  }

  /**
   * A resource the cluster holds already, as the API server would serve it under these CRDs: their
   * defaults filled in and nothing checked, since the API server checks a stored object only when
   * it is written again. What {@code diff --live} renders, so that a CRD not applied yet is
   * previewed with its defaults.
   *
   * @param resource a custom resource as plain maps; not modified
   */
  public Map<String, Object> withDefaults(Map<String, Object> resource) {
    Map<String, Object> copy = UntypedMaps.deepCopyMap(resource);
    String apiVersion = String.valueOf(resource.get("apiVersion"));
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return copy;
    }
    crds.find(apiVersion.substring(0, slash), String.valueOf(resource.get("kind")))
        .flatMap(c -> c.schema(apiVersion.substring(slash + 1)))
        .ifPresent(
            schema -> {
              Map<String, Object> spec = Schemas.map(copy.get("spec"));
              Map<String, Object> specSchema = Schemas.map(Schemas.properties(schema).get("spec"));
              if (spec != null && specSchema != null) {
                StructuralDefaults.apply(spec, specSchema);
              }
            });
    return copy;
  }

  private static String describe(String kind, Object metadata) {
    if (metadata instanceof Map<?, ?> meta) {
      Object namespace = meta.get("namespace");
      return kind + " " + (namespace == null ? "" : namespace + "/") + meta.get("name");
    }
    return kind;
  }
}
