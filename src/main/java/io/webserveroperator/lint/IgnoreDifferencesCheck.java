package io.webserveroperator.lint;

import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.YamlLines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Each kind's {@code ignoreDifferences} in watches.yaml against what its templates render: an entry
 * must name a group and kind the templates render, and each of its {@code jsonPointers} a field of
 * that kind's OpenAPI schema, for every apiVersion the templates render it as (an entry has no
 * version). A pointer to no field would silently leave nothing to the other manager.
 */
final class IgnoreDifferencesCheck {

  private final String file;
  private final YamlLines lines;
  private final List<RenderedKind> kinds;
  private final OpenApiSchemas schemas;
  private final List<Finding> findings = new ArrayList<>();

  private IgnoreDifferencesCheck(Path templates, List<RenderedKind> kinds, OpenApiSchemas schemas) {
    Path watches = templates.resolve("watches.yaml");
    this.file = watches.toString();
    this.lines = YamlLines.of(watches);
    this.kinds = kinds;
    this.schemas = schemas;
  }

  /**
   * @param kinds the kinds rendered, literally written in the templates or rendered from samples
   *     and test cases
   */
  static List<Finding> check(
      Path templates,
      List<TemplatedKind> watches,
      List<RenderedKind> kinds,
      OpenApiSchemas schemas) {
    IgnoreDifferencesCheck check = new IgnoreDifferencesCheck(templates, kinds, schemas);
    for (int i = 0; i < watches.size(); i++) {
      TemplatedKind watch = watches.get(i);
      Path folder = templates.resolve(watch.templates()).normalize();
      if (!Files.isDirectory(folder)) {
        continue; // WatchesCheck reported it
      }
      List<IgnoreDifference> entries = watch.ignoreDifferences();
      for (int j = 0; j < entries.size(); j++) {
        check.entry(watch, folder, entries.get(j), "/0/" + i + "/ignoreDifferences/" + j);
      }
    }
    return List.copyOf(check.findings);
  }

  private void entry(TemplatedKind watch, Path folder, IgnoreDifference entry, String at) {
    List<RenderedKind> ofWatch =
        kinds.stream().filter(kind -> kind.file().normalize().startsWith(folder)).toList();
    Set<String> apiVersions = new LinkedHashSet<>();
    ofWatch.stream()
        .filter(kind -> kind.group().equals(entry.group()) && kind.kind().equals(entry.kind()))
        .forEach(kind -> apiVersions.add(kind.apiVersion()));
    if (apiVersions.isEmpty()) {
      findings.add(
          Finding.error(
              file,
              lines.line(at),
              "ignoreDifferences names "
                  + display(entry.group(), entry.kind())
                  + ", which the templates of "
                  + watch.kind()
                  + " never render"
                  + otherGroup(ofWatch, entry.kind())));
      return;
    }
    for (String apiVersion : apiVersions) {
      Optional<SchemaPointers> schema =
          schemas.definition(apiVersion, entry.kind()).map(SchemaPointers::new);
      if (schema.isEmpty()) {
        findings.add(
            Finding.warning(
                file,
                lines.line(at),
                "no OpenAPI schema for "
                    + apiVersion
                    + " "
                    + entry.kind()
                    + ", so the jsonPointers of this ignoreDifferences entry of "
                    + watch.kind()
                    + " are not checked; run lint --save-schemas against a cluster that serves"
                    + " it"));
        continue;
      }
      List<JsonPointer> pointers = entry.jsonPointers();
      for (int k = 0; k < pointers.size(); k++) {
        JsonPointer pointer = pointers.get(k);
        int line = lines.line(at + "/jsonPointers/" + k);
        schema
            .get()
            .miss(pointer)
            .ifPresent(
                miss ->
                    findings.add(
                        Finding.error(
                            file,
                            line,
                            "ignoreDifferences of "
                                + watch.kind()
                                + ": "
                                + (miss.at().equals(pointer.text())
                                    ? pointer.text()
                                    : pointer.text() + " (" + miss.at() + ")")
                                + " is not a field of "
                                + apiVersion
                                + " "
                                + entry.kind()
                                + " ("
                                + miss.hint()
                                + ")")));
      }
    }
  }

  /** A hint when the templates render the kind in another group, as when group was left out. */
  private static String otherGroup(List<RenderedKind> ofWatch, String kind) {
    return ofWatch.stream()
        .filter(rendered -> rendered.kind().equals(kind))
        .findFirst()
        .map(
            rendered ->
                " (they render "
                    + display(rendered.group(), kind)
                    + ": "
                    + (rendered.group().isEmpty()
                        ? "leave group out"
                        : "set group: " + rendered.group())
                    + ")")
        .orElse("");
  }

  private static String display(String group, String kind) {
    return group.isEmpty() ? kind + " (core group)" : group + " " + kind;
  }
}
