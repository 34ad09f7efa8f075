package io.webserveroperator.rollout;

import com.fasterxml.jackson.core.type.TypeReference;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each template revision of a kind as one ConfigMap in the operator's namespace, labelled
 * with the operator's name ({@link OperatorName#LABEL}) so that operators side by side each read
 * their own, as a Deployment keeps a ReplicaSet per revision and Helm a Secret per release: its
 * files, its number and the state of the rollout that moved resources to it. So revisions and the
 * rollout survive a restart and a change of leader, and {@code kubectl get configmaps -l
 * webserver-operator.io/template-kind} lists them.
 *
 * <p>Written once per revision and once per rollout step, never per resource.
 */
public final class RevisionStore {

  private static final Logger LOG = LoggerFactory.getLogger(RevisionStore.class);

  /** The label naming the kind whose templates a ConfigMap holds. */
  public static final String KIND_LABEL = Lifecycle.PREFIX + "template-kind";

  /** The label naming that kind's API group ({@code core} for the core group). */
  public static final String GROUP_LABEL = Lifecycle.PREFIX + "template-group";

  /** The annotation holding the revision number. */
  public static final String NUMBER_ANNOTATION = Lifecycle.PREFIX + "template-revision";

  /** The annotation holding the rollout state, as JSON. */
  public static final String STATE_ANNOTATION = Lifecycle.PREFIX + "rollout";

  /** The data key holding the files, as a JSON object from path to text. */
  public static final String FILES_KEY = "templates.json";

  /** The {@link #GROUP_LABEL} value of the core group, as a label value cannot be empty. */
  private static final String CORE_GROUP = "core";

  private static final Comparator<StoredRevision> BY_NUMBER =
      Comparator.comparingInt(StoredRevision::number);

  private final KubernetesClient client;
  private final String namespace;
  private final OperatorName operator;
  private final KubernetesSerialization json;

  /**
   * @param namespace the operator's namespace
   * @param operator whose revisions these are
   */
  public RevisionStore(KubernetesClient client, String namespace, OperatorName operator) {
    this.client = client;
    this.namespace = namespace;
    this.operator = operator;
    this.json = client.getKubernetesSerialization();
  }

  /** The namespace the revisions are kept in. */
  public String namespace() {
    return namespace;
  }

  /**
   * Every stored revision of the kind, oldest number first. One that cannot be read (edited by
   * hand) is logged and left out, as if it were gone.
   */
  public List<StoredRevision> list(TemplatedKind watch) {
    List<StoredRevision> stored = new ArrayList<>();
    for (ConfigMap map :
        client
            .configMaps()
            .inNamespace(namespace)
            .withLabel(KIND_LABEL, watch.kind())
            .withLabel(GROUP_LABEL, group(watch))
            .list()
            .getItems()) {
      if (ours(map)) {
        readable(map).ifPresent(stored::add);
      }
    }
    stored.sort(BY_NUMBER);
    return stored;
  }

  /**
   * Every stored revision of every kind, in one request: by kind, in order of kind and group, each
   * kind's oldest number first. Those that cannot be read are left out, as by {@link #list}.
   */
  public Map<StoredKind, List<StoredRevision>> listEveryKind() {
    Map<StoredKind, List<StoredRevision>> kinds =
        new TreeMap<>(Comparator.comparing(StoredKind::kind).thenComparing(StoredKind::group));
    for (ConfigMap map :
        client.configMaps().inNamespace(namespace).withLabel(KIND_LABEL).list().getItems()) {
      if (!ours(map)) {
        continue;
      }
      StoredKind kind = kindOf(map);
      readable(map)
          .ifPresent(stored -> kinds.computeIfAbsent(kind, k -> new ArrayList<>()).add(stored));
    }
    kinds.values().forEach(stored -> stored.sort(BY_NUMBER));
    return kinds;
  }

  /** Stores a new revision with its rollout {@code state}, which carries its number. */
  public void create(TemplatedKind watch, TemplateRevision revision, RolloutState state) {
    ConfigMap map =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name(watch, revision.hash()))
            .withNamespace(namespace)
            .addToLabels("app.kubernetes.io/managed-by", "webserver-operator")
            .addToLabels(OperatorName.LABEL, operator.value())
            .addToLabels(KIND_LABEL, watch.kind())
            .addToLabels(GROUP_LABEL, group(watch))
            .addToAnnotations(NUMBER_ANNOTATION, Integer.toString(state.number()))
            .addToAnnotations(STATE_ANNOTATION, json.asJson(state.toMap()))
            .endMetadata()
            .addToData(FILES_KEY, json.asJson(new TreeMap<>(revision.sources())))
            .build();
    try {
      client.configMaps().inNamespace(namespace).resource(map).create();
    } catch (KubernetesClientException e) {
      throw new OperatorException(
          "Cannot store the template revision "
              + revision.hash()
              + " of "
              + watch.kind()
              + " as the ConfigMap "
              + namespace
              + "/"
              + map.getMetadata().getName()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * Records {@code state} (and its number) on the stored revision it moves to; false when that
   * revision is not stored (deleted by hand).
   */
  public boolean save(TemplatedKind watch, RolloutState state) {
    Map<String, Object> annotations = new LinkedHashMap<>();
    annotations.put(NUMBER_ANNOTATION, Integer.toString(state.number()));
    annotations.put(STATE_ANNOTATION, json.asJson(state.toMap()));
    String patch = json.asJson(Map.of("metadata", Map.of("annotations", annotations)));
    try {
      client
          .configMaps()
          .inNamespace(namespace)
          .withName(name(watch, state.target()))
          .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return false;
      }
      throw new OperatorException(
          "Cannot record the rollout of "
              + watch.kind()
              + " on its template revision "
              + namespace
              + "/"
              + name(watch, state.target())
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** Deletes a stored revision no longer kept. */
  public void delete(TemplatedKind watch, String hash) {
    client.configMaps().inNamespace(namespace).withName(name(watch, hash)).delete();
  }

  /**
   * The ConfigMap of a revision: {@code <operator>.<kind>.<group>-<hash>}, lowercase; under the
   * default name {@code <kind>.<group>-<hash>}, as before operators had names, so that an upgrade
   * carries on with the revisions and the rollout it finds.
   */
  public String name(TemplatedKind watch, String hash) {
    String kind = watch.kind().toLowerCase(Locale.ROOT);
    String name = (watch.group().isEmpty() ? kind : kind + "." + watch.group()) + "-" + hash;
    return operator.isDefault() ? name : operator.value() + "." + name;
  }

  /** The kind whose revision a ConfigMap labelled {@link #KIND_LABEL} holds. */
  static StoredKind kindOf(ConfigMap map) {
    Map<String, String> labels = map.getMetadata().getLabels();
    String group = labels.getOrDefault(GROUP_LABEL, CORE_GROUP);
    return new StoredKind(labels.get(KIND_LABEL), group.equals(CORE_GROUP) ? "" : group);
  }

  /** Whether a stored revision is this operator's, by its label (see {@link OperatorName#owns}). */
  boolean ours(ConfigMap map) {
    Map<String, String> labels = map.getMetadata().getLabels();
    return operator.owns(labels == null ? null : labels.get(OperatorName.LABEL));
  }

  private static String group(TemplatedKind watch) {
    return watch.group().isEmpty() ? CORE_GROUP : watch.group();
  }

  /** The revision a ConfigMap holds; empty (and logged) when it cannot be read. */
  Optional<StoredRevision> readable(ConfigMap map) {
    try {
      return Optional.of(read(map));
    } catch (RuntimeException e) {
      LOG.warn(
          "Ignoring the template revision {}/{}, which cannot be read: {}",
          namespace,
          map.getMetadata().getName(),
          e.getMessage());
      return Optional.empty();
    }
  }

  private StoredRevision read(ConfigMap map) {
    Map<String, String> annotations = map.getMetadata().getAnnotations();
    String files = map.getData() == null ? null : map.getData().get(FILES_KEY);
    if (annotations == null || files == null) {
      throw new IllegalArgumentException("it has no " + FILES_KEY + " or no annotations");
    }
    Map<String, String> sources = json.unmarshal(files, new TypeReference<>() {});
    TemplateRevision revision = TemplateRevision.of(sources);
    int number = Integer.parseInt(annotations.get(NUMBER_ANNOTATION));
    return new StoredRevision(revision, number, state(map));
  }

  /**
   * The rollout state a stored revision's ConfigMap holds, if any.
   *
   * @throws IllegalArgumentException when it holds one that cannot be read
   */
  public Optional<RolloutState> state(ConfigMap map) {
    Map<String, String> annotations = map.getMetadata().getAnnotations();
    return Optional.ofNullable(annotations == null ? null : annotations.get(STATE_ANNOTATION))
        .map(text -> RolloutState.fromMap(parse(text)));
  }

  private Map<?, ?> parse(String text) {
    try {
      return json.unmarshal(text, Map.class);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not JSON: " + text, e);
    }
  }
}
