package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.kind.KindNames;
import io.webserveroperator.manifest.YamlErrors;
import io.webserveroperator.manifest.YamlFiles;
import io.webserveroperator.template.watches.YamlLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The CustomResourceDefinitions of a folder, to find the schema of a watched kind's spec. */
final class CrdSchemas {

  private static final YAMLMapper YAML = new YAMLMapper();

  /**
   * The spec schema of one version of one CRD.
   *
   * @param file the CRD's file
   * @param group the API group
   * @param kind the kind
   * @param version the version
   * @param spec the {@code openAPIV3Schema.properties.spec} schema
   * @param pointer the JSON pointer of {@code spec} in the file, for {@link YamlLines}
   * @param lines the lines of the file
   * @param status the {@code openAPIV3Schema.properties.status} schema; a missing node when the CRD
   *     declares none
   * @param plural the CRD's resource name
   */
  record SpecSchema(
      Path file,
      String group,
      String kind,
      String version,
      JsonNode spec,
      String pointer,
      YamlLines lines,
      JsonNode status,
      String plural) {}

  private final List<SpecSchema> schemas;

  private CrdSchemas(List<SpecSchema> schemas) {
    this.schemas = List.copyOf(schemas);
  }

  /** Reads every CRD in the {@code *.yaml} files of {@code folder}; other objects are skipped. */
  static CrdSchemas read(Path folder) {
    List<SpecSchema> schemas = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return new CrdSchemas(schemas);
    }
    for (Path file : YamlFiles.in(folder)) {
      String text;
      List<JsonNode> documents;
      try {
        text = Files.readString(file);
        try (MappingIterator<JsonNode> values = YAML.readerFor(JsonNode.class).readValues(text)) {
          documents = values.readAll();
        }
      } catch (IOException e) {
        throw new OperatorException(
            "Cannot read the CRD file " + YamlErrors.describe(file.toString(), e) + ".", e);
      }
      YamlLines lines = YamlLines.of(text);
      for (int d = 0; d < documents.size(); d++) {
        JsonNode crd = documents.get(d);
        if (crd == null || !"CustomResourceDefinition".equals(crd.path("kind").asText())) {
          continue;
        }
        JsonNode versions = crd.path("spec").path("versions");
        for (int v = 0; v < versions.size(); v++) {
          JsonNode properties =
              versions.get(v).path("schema").path("openAPIV3Schema").path("properties");
          JsonNode spec = properties.path("spec");
          schemas.add(
              new SpecSchema(
                  file,
                  crd.path("spec").path("group").asText(),
                  crd.path("spec").path("names").path("kind").asText(),
                  versions.get(v).path("name").asText(),
                  spec,
                  "/" + d + "/spec/versions/" + v + "/schema/openAPIV3Schema/properties/spec",
                  lines,
                  properties.path("status"),
                  crd.path("spec").path("names").path("plural").asText()));
        }
      }
    }
    return new CrdSchemas(schemas);
  }

  /** The schemas of every version of {@code kind} in {@code group} that a CRD declares. */
  List<SpecSchema> versions(String group, String kind) {
    return schemas.stream().filter(s -> s.group().equals(group) && s.kind().equals(kind)).toList();
  }

  /**
   * The resource name of {@code kind} in {@code group}: its CRD's plural, else the convention's.
   */
  String plural(String group, String kind) {
    return versions(group, kind).stream()
        .map(SpecSchema::plural)
        .filter(p -> !p.isEmpty())
        .findFirst()
        .orElse(KindNames.pluralOf(kind));
  }

  /** The spec schema of {@code group/version kind}, if a CRD in the folder declares it. */
  Optional<SpecSchema> find(String group, String version, String kind) {
    return schemas.stream()
        .filter(
            s -> s.group().equals(group) && s.version().equals(version) && s.kind().equals(kind))
        .findFirst();
  }
}
