package io.webserveroperator.lint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.Lifecycle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The lifecycle annotations ({@link Lifecycle}) the templates write on their objects, read from the
 * template text so that a branch no sample takes is read too:
 *
 * <ul>
 *   <li>an annotation under {@link Lifecycle#PREFIX} that {@link Lifecycle#problem} refuses (a key
 *       it does not know, a value the key does not accept) is an error at its line;
 *   <li>a PersistentVolumeClaim without {@link Lifecycle#RESOURCE_POLICY} is a warning at its
 *       {@code kind:} line: deleting the resource, or no longer rendering the claim, deletes the
 *       claim, and with the usual reclaim policy its volume's data;
 *   <li>a StatefulSet with {@code volumeClaimTemplates} and no {@code
 *       persistentVolumeClaimRetentionPolicy} is a warning at its {@code kind:} line: whether its
 *       claims, the resource's data, stay or go when it is pruned or its resource deleted is then
 *       Kubernetes' default (they stay), not a choice the template shows.
 * </ul>
 *
 * <p>Only what the top-level templates write literally under a document's {@code
 * metadata.annotations} is read. A value written by an expression ({@code {{ … }}}), and whatever a
 * partial or a macro writes, is checked when a sample or test case renders it: the renderer refuses
 * the object at the same line ({@link RenderCheck}).
 */
final class LifecycleCheck {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final List<String> ANNOTATIONS = List.of("metadata", "annotations");
  private static final List<String> KEEP =
      List.of("metadata", "annotations", Lifecycle.RESOURCE_POLICY);
  private static final String CLAIM = "PersistentVolumeClaim";
  private static final String STATEFUL_SET = "StatefulSet";
  private static final List<String> CLAIM_TEMPLATES = List.of("spec", "volumeClaimTemplates");
  private static final List<String> RETENTION =
      List.of("spec", "persistentVolumeClaimRetentionPolicy");

  private LifecycleCheck() {}

  static List<Finding> check(KindSources sources) {
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<Path, String> file : sources.rendered().entrySet()) {
      findings.addAll(check(file.getKey().toString(), file.getValue(), sources.watch().kind()));
    }
    return findings;
  }

  /**
   * The findings of one template's text.
   *
   * @param file the template, as findings name it
   * @param kind the watched kind whose resources it renders objects for
   */
  static List<Finding> check(String file, String template, String kind) {
    List<Finding> findings = new ArrayList<>();
    List<TemplateKeys.Key> keys = TemplateKeys.of(template);
    Set<Integer> kept = new HashSet<>();
    Set<Integer> claimTemplates = new HashSet<>();
    Set<Integer> retention = new HashSet<>();
    for (TemplateKeys.Key key : keys) {
      if (key.path().equals(CLAIM_TEMPLATES)) {
        claimTemplates.add(key.document());
      }
      if (key.path().equals(RETENTION)) {
        retention.add(key.document());
      }
      if (key.path().equals(KEEP)) {
        kept.add(key.document()); // a value other than keep is an error of its own
      }
      if (isAnnotation(key) && key.name().startsWith(Lifecycle.PREFIX)) {
        literal(key.value())
            .flatMap(value -> Lifecycle.problem(annotated(key.name(), value)))
            .ifPresent(problem -> findings.add(Finding.error(file, key.line(), problem.message())));
      }
    }
    for (TemplateKeys.Key key : keys) {
      boolean claim =
          key.path().equals(List.of("kind"))
              && literal(key.value()).filter(CLAIM::equals).isPresent();
      if (claim && !kept.contains(key.document())) {
        findings.add(
            Finding.warning(
                file,
                key.line(),
                CLAIM
                    + " rendered without "
                    + Lifecycle.RESOURCE_POLICY
                    + ": keep: deleting the "
                    + kind
                    + " or no longer rendering the claim deletes it, and with the usual reclaim"
                    + " policy (Delete) its volume's data; add the annotation to keep it (Helm's"
                    + " helm.sh/resource-policy: keep)"));
      }
      boolean statefulSet =
          key.path().equals(List.of("kind"))
              && literal(key.value()).filter(STATEFUL_SET::equals).isPresent();
      if (statefulSet
          && claimTemplates.contains(key.document())
          && !retention.contains(key.document())) {
        findings.add(
            Finding.warning(
                file,
                key.line(),
                STATEFUL_SET
                    + " with volumeClaimTemplates and no persistentVolumeClaimRetentionPolicy:"
                    + " the claims it makes hold the "
                    + kind
                    + "'s data, and whether they stay or go when the StatefulSet is pruned or the "
                    + kind
                    + " deleted is left to Kubernetes' default (whenDeleted: Retain, whenScaled:"
                    + " Retain); write the policy to say which (docs/annotations.md)"));
      }
    }
    return findings;
  }

  /** Whether the key is an annotation of its document's object (not of a pod template, say). */
  private static boolean isAnnotation(TemplateKeys.Key key) {
    return key.path().size() == 3 && key.path().subList(0, 2).equals(ANNOTATIONS);
  }

  /**
   * The value as YAML reads it; empty when a template expression or tag writes it, or when it is
   * not on the key's line (a block scalar's text is below it).
   */
  private static Optional<Object> literal(String written) {
    if (written.isEmpty()
        || written.startsWith("|")
        || written.startsWith(">")
        || written.contains("{{")
        || written.contains("{%")) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(YAML.readValue(written, Object.class));
    } catch (JsonProcessingException e) {
      return Optional.empty(); // not YAML: the render or the schema check reports it
    }
  }

  private static Map<String, Object> annotated(String annotation, Object value) {
    Map<String, Object> annotations = new LinkedHashMap<>();
    annotations.put(annotation, value);
    return Map.of("metadata", Map.of("annotations", annotations));
  }
}
