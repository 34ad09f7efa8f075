package io.webserveroperator.status;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The status fields the engine writes on every resource it watches, whatever its kind, each with
 * the OpenAPI schema its CRD must declare for it: the one list of them. {@code create api} puts
 * every one into the CRDs it generates, and the CRD check at start-up reads the same list. A
 * feature that makes the engine write another status field adds it here, and both follow.
 *
 * <p>Fields the status template renders ({@code availableReplicas} of a WebServer) are the kind's
 * own and are not listed.
 */
public final class EngineStatusFields {

  /** The metav1.Condition shape, as Kubernetes' own types declare it. */
  private static final Map<String, Object> CONDITION =
      map(
          "type",
          "object",
          "required",
          List.of("type", "status", "lastTransitionTime", "reason", "message"),
          "properties",
          map(
              "type",
              map(
                  "type",
                  "string",
                  "maxLength",
                  316,
                  "pattern",
                  "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
                      + "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$"),
              "status",
              map("type", "string", "enum", List.of("True", "False", "Unknown")),
              "observedGeneration",
              map("type", "integer", "format", "int64", "minimum", 0),
              "lastTransitionTime",
              map("type", "string", "format", "date-time"),
              "reason",
              map(
                  "type",
                  "string",
                  "maxLength",
                  1024,
                  "minLength",
                  1,
                  "pattern",
                  "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$"),
              "message",
              map("type", "string", "maxLength", 32768)));

  private static final Map<String, Object> INVENTORY_ENTRY =
      map(
          "type",
          "object",
          "required",
          List.of("apiVersion", "kind", "name"),
          "properties",
          map(
              "apiVersion",
              map("type", "string"),
              "kind",
              map("type", "string"),
              "namespace",
              map("type", "string"),
              "name",
              map("type", "string"),
              "kept",
              map(
                  "description",
                  "The object's template says resource-policy keep: it is never pruned and"
                      + " outlives this resource.",
                  "type",
                  "boolean")));

  private static final Map<String, Object> HOOK_RUN =
      map(
          "type",
          "object",
          "required",
          List.of("name", "hook", "phase"),
          "properties",
          map(
              "name",
              map(
                  "description", "The run object: the hook's name and its rendering's hash.",
                  "type", "string"),
              "hook",
              map("description", "The hook's name as rendered.", "type", "string"),
              "apiVersion",
              map("type", "string"),
              "kind",
              map("type", "string"),
              "moment",
              map("description", "When it ran: pre-install, post-upgrade, ...", "type", "string"),
              "phase",
              map(
                  "description",
                  "Skipped: an upgrade hook's rendering at the install, its baseline; never run.",
                  "type",
                  "string",
                  "enum",
                  Arrays.stream(HookRecords.Phase.values()).map(Enum::name).toList()),
              "message",
              map("description", "Why it failed, or what a baseline is.", "type", "string"),
              "generation",
              map("type", "integer", "format", "int64"),
              "revision",
              map("type", "string")));

  private static final List<Field> FIELDS =
      List.of(
          new Field(
              "observedGeneration",
              map(
                  "description",
                  "The metadata.generation that this status describes.",
                  "type",
                  "integer",
                  "format",
                  "int64")),
          new Field(
              "conditions",
              map(
                  "description",
                  "Ready, Progressing and Degraded, in the standard condition shape; and"
                      + " Suspended=True while the annotation"
                      + " webserver-operator.io/reconcile=disabled suspends reconciles.",
                  "type",
                  "array",
                  "x-kubernetes-list-type",
                  "map",
                  "x-kubernetes-list-map-keys",
                  List.of("type"),
                  "items",
                  CONDITION)),
          new Field(
              "inventory",
              map(
                  "description",
                  "Every object the operator applied for this resource, so that it can prune what"
                      + " the templates no longer render without scanning the cluster; kept"
                      + " objects say so.",
                  "type",
                  "array",
                  "items",
                  INVENTORY_ENTRY)),
          new Field(
              "templateRevision",
              map(
                  "description",
                  "The hash of the template revision this resource's objects were last applied"
                      + " from. A kind's rollout policy moves resources from one revision to the"
                      + " next in steps; the annotation webserver-operator.io/template-revision"
                      + " pins one.",
                  "type",
                  "string")),
          new Field(
              StatusBuilder.LAST_HANDLED_RECONCILE_AT,
              map(
                  "description",
                  "The last token of the annotation webserver-operator.io/requested-at that a"
                      + " reconcile handled: a new token there asks for a reconcile now, and shows"
                      + " here once it is done.",
                  "type",
                  "string")),
          new Field(
              HookRecords.FIELD,
              map(
                  "description",
                  "The hooks of this resource's templates: whether its install is done, and the"
                      + " last run of each hook, so that a rendering that ran never runs again.",
                  "type",
                  "object",
                  "properties",
                  map(
                      "installed",
                      map("type", "boolean"),
                      "runs",
                      map("type", "array", "items", HOOK_RUN)))));

  /**
   * One status field the engine writes.
   *
   * @param name its name under {@code status}
   * @param schema its OpenAPI v3 schema, as a CRD declares it (unmodifiable)
   */
  public record Field(String name, Map<String, Object> schema) {}

  private EngineStatusFields() {}

  /** Every field, in the order a CRD lists them. */
  public static List<Field> all() {
    return FIELDS;
  }

  /** Their names. */
  public static Set<String> names() {
    return FIELDS.stream().map(Field::name).collect(Collectors.toUnmodifiableSet());
  }

  /** The fields as a CRD's {@code status.properties}, in order. */
  public static Map<String, Object> properties() {
    Map<String, Object> properties = new LinkedHashMap<>();
    FIELDS.forEach(field -> properties.put(field.name(), field.schema()));
    return Collections.unmodifiableMap(properties);
  }

  /** An unmodifiable map, in order, from alternating keys and values. */
  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }
}
