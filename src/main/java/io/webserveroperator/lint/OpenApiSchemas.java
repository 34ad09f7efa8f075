package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The Kubernetes OpenAPI v3 schemas of the kinds the templates render, one document per
 * group-version ({@code /openapi/v3/apis/apps/v1}), from a cluster or from a folder of saved ones.
 * Validates a rendered object against the schema of its kind, {@code $ref}s and int-or-string
 * ({@code oneOf}) as the documents write them, and fields the schema does not declare refused.
 */
public final class OpenApiSchemas {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PREFIX = "#/components/schemas/";
  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

  private final Function<String, Optional<JsonNode>> source;
  private final Map<String, Optional<JsonNode>> documents = new HashMap<>();
  private final Map<String, Optional<Schema>> validators = new HashMap<>();
  private final Map<String, Set<String>> used = new TreeMap<>();

  /**
   * @param source the document of a group-version ({@code apps/v1}, {@code v1}), if there is one
   */
  OpenApiSchemas(Function<String, Optional<JsonNode>> source) {
    this.source = source;
  }

  /** The documents saved in {@code folder} by {@link #save}. */
  public static OpenApiSchemas folder(Path folder) {
    return new OpenApiSchemas(
        groupVersion -> {
          Path file = folder.resolve(fileName(groupVersion));
          if (!Files.isRegularFile(file)) {
            return Optional.empty();
          }
          try {
            return Optional.of(JSON.readTree(file.toFile()));
          } catch (IOException e) {
            throw new OperatorException(
                "Cannot read the schema " + file + ": " + e.getMessage(), e);
          }
        });
  }

  /**
   * The errors of {@code object} against the schema of its kind, each as {@code $.spec.replicas:
   * message}; empty when there is no schema for the kind.
   */
  Optional<List<Error>> validate(String apiVersion, String kind, JsonNode object) {
    return validators
        .computeIfAbsent(apiVersion + " " + kind, key -> validator(apiVersion, kind))
        .map(schema -> schema.validate(object));
  }

  /**
   * Whether there is a schema for the kind; it counts as used, so that {@link #save} keeps it even
   * when no sample renders the kind.
   */
  boolean has(String apiVersion, String kind) {
    return validators
        .computeIfAbsent(apiVersion + " " + kind, key -> validator(apiVersion, kind))
        .isPresent();
  }

  /**
   * The schema of a kind as its document writes it, {@code $ref}s unresolved and objects not
   * closed: an object whose {@code $ref} names the kind's schema, beside the document's {@code
   * components}. It counts as used, as {@link #has} does.
   */
  Optional<JsonNode> definition(String apiVersion, String kind) {
    if (!has(apiVersion, kind)) {
      return Optional.empty();
    }
    JsonNode document = documents.get(apiVersion).orElseThrow();
    ObjectNode root = JSON.createObjectNode();
    root.put("$ref", PREFIX + schemaName(document, apiVersion, kind).orElseThrow());
    root.set("components", document.get("components"));
    return Optional.of(root);
  }

  /**
   * The schema of the kind's {@code status}, its {@code $ref}s resolved, if there is a schema for
   * the kind and it declares a status.
   */
  Optional<JsonNode> status(String apiVersion, String kind) {
    Optional<JsonNode> document = documents.computeIfAbsent(apiVersion, source);
    Optional<String> name = document.flatMap(d -> schemaName(d, apiVersion, kind));
    if (name.isEmpty()) {
      return Optional.empty();
    }
    JsonNode schemas = document.get().path("components").path("schemas");
    JsonNode properties = schemas.path(name.get()).path("properties");
    return properties.has("status")
        ? Optional.of(resolved(properties.get("status"), schemas, new int[] {MAX_REFS}))
        : Optional.empty();
  }

  /** Most {@code $ref}s followed for one status schema, beyond which a schema reads as open. */
  private static final int MAX_REFS = 200;

  /**
   * {@code node} with each {@code $ref} (alone or as the one item of {@code allOf}, as the
   * documents write a field of a named type) replaced by what it names; past {@code refs[0]} refs,
   * which only a recursive schema reaches, a ref becomes an open schema.
   */
  private static JsonNode resolved(JsonNode node, JsonNode schemas, int[] refs) {
    JsonNode ref = node.path("$ref");
    if (!ref.isTextual() && node.path("allOf").size() == 1) {
      ref = node.path("allOf").get(0).path("$ref");
    }
    if (ref.isTextual() && ref.asText().startsWith(PREFIX)) {
      if (--refs[0] < 0) {
        return JSON.createObjectNode().put("x-kubernetes-preserve-unknown-fields", true);
      }
      return resolved(schemas.path(ref.asText().substring(PREFIX.length())), schemas, refs);
    }
    if (!(node instanceof ObjectNode object)) {
      return node;
    }
    ObjectNode copy = object.deepCopy();
    if (object.path("properties").isObject()) {
      ObjectNode properties = copy.putObject("properties");
      object
          .path("properties")
          .fields()
          .forEachRemaining(
              field -> properties.set(field.getKey(), resolved(field.getValue(), schemas, refs)));
    }
    for (String key : List.of("items", "additionalProperties")) {
      if (object.path(key).isObject()) {
        copy.set(key, resolved(object.get(key), schemas, refs));
      }
    }
    return copy;
  }

  private Optional<Schema> validator(String apiVersion, String kind) {
    Optional<JsonNode> document = documents.computeIfAbsent(apiVersion, source);
    Optional<String> name = document.flatMap(d -> schemaName(d, apiVersion, kind));
    if (name.isEmpty()) {
      return Optional.empty();
    }
    used.computeIfAbsent(apiVersion, v -> new TreeSet<>()).add(name.get());
    ObjectNode root = JSON.createObjectNode();
    root.put("$ref", PREFIX + name.get());
    root.set("components", closed(document.get().get("components").deepCopy()));
    return Optional.of(REGISTRY.getSchema(root));
  }

  /**
   * Closes every object schema that lists its properties, as server-side apply does: it refuses a
   * field the schema does not declare, so a misspelt key is an error, not a silent drop.
   */
  private static JsonNode closed(JsonNode node) {
    if (node instanceof ObjectNode object) {
      if (object.path("properties").isObject()
          && !object.has("additionalProperties")
          && !object.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        object.put("additionalProperties", false);
      }
      object.forEach(OpenApiSchemas::closed);
    } else if (node.isArray()) {
      node.forEach(OpenApiSchemas::closed);
    }
    return node;
  }

  /** The schema of a kind: the one whose {@code x-kubernetes-group-version-kind} names it. */
  private static Optional<String> schemaName(JsonNode document, String apiVersion, String kind) {
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
    Iterator<Map.Entry<String, JsonNode>> schemas =
        document.path("components").path("schemas").fields();
    while (schemas.hasNext()) {
      Map.Entry<String, JsonNode> schema = schemas.next();
      for (JsonNode gvk : schema.getValue().path("x-kubernetes-group-version-kind")) {
        if (gvk.path("group").asText().equals(group)
            && gvk.path("version").asText().equals(version)
            && gvk.path("kind").asText().equals(kind)) {
          return Optional.of(schema.getKey());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Counts every kind of {@code groupVersion} as used, so that {@link #save} keeps their schemas
   * too: every kind a template may render, not the lists of them nor the API machinery's own kinds
   * (DeleteOptions, WatchEvent). Returns their names.
   *
   * @throws OperatorException when there is no document for the group-version
   */
  public List<String> useEveryKindOf(String groupVersion) {
    JsonNode document =
        documents
            .computeIfAbsent(groupVersion, source)
            .orElseThrow(
                () ->
                    new OperatorException(
                        "There is no OpenAPI document for "
                            + groupVersion
                            + ": name a group-version the API server serves, such as apps/v1."));
    String group =
        groupVersion.contains("/") ? groupVersion.substring(0, groupVersion.indexOf('/')) : "";
    String version = groupVersion.substring(groupVersion.indexOf('/') + 1);
    List<String> kinds = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> schemas =
        document.path("components").path("schemas").fields();
    while (schemas.hasNext()) {
      Map.Entry<String, JsonNode> schema = schemas.next();
      if (schema.getKey().startsWith("io.k8s.apimachinery.")) {
        continue;
      }
      for (JsonNode gvk : schema.getValue().path("x-kubernetes-group-version-kind")) {
        String kind = gvk.path("kind").asText();
        if (gvk.path("group").asText().equals(group)
            && gvk.path("version").asText().equals(version)
            && !kind.endsWith("List")) {
          used.computeIfAbsent(groupVersion, v -> new TreeSet<>()).add(schema.getKey());
          kinds.add(kind);
        }
      }
    }
    return kinds;
  }

  /**
   * Writes one file per group-version validated so far into {@code folder}, kept small: only the
   * schemas the validated kinds reach, without descriptions. Returns the files written.
   */
  public List<Path> save(Path folder) {
    try {
      Files.createDirectories(folder);
      List<Path> written = new ArrayList<>();
      for (Map.Entry<String, Set<String>> entry : used.entrySet()) {
        JsonNode all =
            documents.get(entry.getKey()).orElseThrow().path("components").path("schemas");
        ObjectNode kept = JSON.createObjectNode();
        Deque<String> todo = new ArrayDeque<>(entry.getValue());
        while (!todo.isEmpty()) {
          String name = todo.pop();
          if (kept.has(name) || !all.has(name)) {
            continue;
          }
          JsonNode schema = withoutDescriptions(all.get(name).deepCopy());
          kept.set(name, schema);
          schema
              .findValues("$ref")
              .forEach(ref -> todo.push(ref.asText().substring(PREFIX.length())));
        }
        ObjectNode document = JSON.createObjectNode();
        document.putObject("components").set("schemas", kept);
        Path file = folder.resolve(fileName(entry.getKey()));
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), document);
        written.add(file);
      }
      return written;
    } catch (IOException e) {
      throw new OperatorException(
          "Cannot save the schemas in " + folder + ": " + e.getMessage(), e);
    }
  }

  private static JsonNode withoutDescriptions(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.remove("description");
      object.forEach(OpenApiSchemas::withoutDescriptions);
    } else if (node.isArray()) {
      node.forEach(OpenApiSchemas::withoutDescriptions);
    }
    return node;
  }

  /** {@code apps/v1}: {@code apps_v1.json}; {@code v1}: {@code v1.json}. */
  static String fileName(String groupVersion) {
    return groupVersion.replace('/', '_') + ".json";
  }
}
