package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The PersistentVolumeClaims a StatefulSet makes from its {@code volumeClaimTemplates}, as its
 * object says them: one per template and pod, named {@code TEMPLATE-STATEFULSET-ORDINAL}, labelled
 * with the StatefulSet's {@code selector.matchLabels}, and kept or deleted with it and its
 * scale-down as {@code persistentVolumeClaimRetentionPolicy} says (Kubernetes' default: {@code
 * Retain} both). They hold the resource's data: nothing in the operator deletes them but what that
 * policy asks of Kubernetes.
 *
 * @param statefulSet the StatefulSet
 * @param selector its {@code spec.selector.matchLabels}, which its claims carry
 * @param templates its claim templates, in order
 * @param whenDeleted {@code Retain} or {@code Delete}: what happens to the claims when the
 *     StatefulSet is deleted
 * @param policyWritten whether the object writes {@code persistentVolumeClaimRetentionPolicy}
 * @param ordinals the ordinals of its pods: {@code spec.ordinals.start} (0 by default) on, {@code
 *     spec.replicas} (1 by default) of them
 */
public record StatefulSetClaims(
    ObjectRef statefulSet,
    Map<String, String> selector,
    List<ClaimTemplate> templates,
    String whenDeleted,
    boolean policyWritten,
    List<Integer> ordinals) {

  /** The retention policy's value that deletes the claims. */
  public static final String DELETE = "Delete";

  /** The retention policy's value that keeps them, and Kubernetes' default. */
  public static final String RETAIN = "Retain";

  public StatefulSetClaims {
    selector = Map.copyOf(selector);
    templates = List.copyOf(templates);
    ordinals = List.copyOf(ordinals);
  }

  /**
   * One claim template.
   *
   * @param name its {@code metadata.name}
   * @param storage its {@code spec.resources.requests.storage}, or null
   */
  public record ClaimTemplate(String name, String storage) {}

  /**
   * The claims of a StatefulSet given as plain maps; empty for any other object and for a
   * StatefulSet without claim templates.
   */
  public static Optional<StatefulSetClaims> of(Map<String, Object> object) {
    ObjectRef ref = ObjectRef.of(object);
    if (!ref.group().equals("apps") || !ref.kind().equals("StatefulSet")) {
      return Optional.empty();
    }
    List<ClaimTemplate> templates =
        UntypedMaps.getMaps(object, "spec", "volumeClaimTemplates").stream()
            .filter(template -> UntypedMaps.get(template, "metadata", "name") instanceof String)
            .map(
                template ->
                    new ClaimTemplate(
                        (String) UntypedMaps.get(template, "metadata", "name"),
                        text(
                            UntypedMaps.get(template, "spec", "resources", "requests", "storage"))))
            .toList();
    if (templates.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> selector = new LinkedHashMap<>();
    UntypedMaps.getMapOrEmpty(object, "spec", "selector", "matchLabels")
        .forEach((key, value) -> selector.put(key, String.valueOf(value)));
    Map<String, Object> policy =
        UntypedMaps.getMap(object, "spec", "persistentVolumeClaimRetentionPolicy");
    String whenDeleted = policy == null ? null : text(policy.get("whenDeleted"));
    int start = number(UntypedMaps.get(object, "spec", "ordinals", "start"), 0);
    int replicas = number(UntypedMaps.get(object, "spec", "replicas"), 1);
    return Optional.of(
        new StatefulSetClaims(
            ref,
            selector,
            templates,
            whenDeleted == null ? RETAIN : whenDeleted,
            policy != null,
            IntStream.range(start, start + replicas).boxed().toList()));
  }

  /**
   * The claims its pods have: one per template and ordinal, {@code data-db-0}. Claims of ordinals
   * scaled away are not among them.
   */
  public List<ObjectRef> claims() {
    List<ObjectRef> claims = new ArrayList<>();
    for (ClaimTemplate template : templates) {
      for (int ordinal : ordinals) {
        claims.add(
            new ObjectRef(
                "v1",
                "PersistentVolumeClaim",
                statefulSet.namespace(),
                template.name() + "-" + statefulSet.name() + "-" + ordinal));
      }
    }
    return claims;
  }

  /** The template a claim of this name was made from, if this StatefulSet made it. */
  public Optional<ClaimTemplate> templateOf(String claim) {
    return templates.stream()
        .filter(
            template ->
                Pattern.matches(
                    Pattern.quote(template.name() + "-" + statefulSet.name() + "-") + "\\d+",
                    claim))
        .findFirst();
  }

  /** Whether deleting the StatefulSet deletes its claims ({@code whenDeleted: Delete}). */
  public boolean deletedWithIt() {
    return DELETE.equals(whenDeleted);
  }

  private static int number(Object value, int otherwise) {
    return value instanceof Number number ? number.intValue() : otherwise;
  }

  private static String text(Object value) {
    return value == null ? null : String.valueOf(value);
  }
}
