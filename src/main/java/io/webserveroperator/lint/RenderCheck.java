package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.path.NodePath;
import io.webserveroperator.OperatorException;
import io.webserveroperator.crd.Admission;
import io.webserveroperator.crd.AdmissionException;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.manifest.YamlErrors;
import io.webserveroperator.manifest.YamlFiles;
import io.webserveroperator.template.ClusterReads;
import io.webserveroperator.template.RenderException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.templatetest.CaseResources;
import io.webserveroperator.templatetest.CaseResources.CaseResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renders the samples and each kind's test cases ({@code <templates folder>/tests/*.yaml}), each
 * admitted first as the API server would (its CRD's defaults and validation), and validates every
 * object against the Kubernetes OpenAPI schema of its kind. A render failure is a finding too,
 * unless an earlier check already found an error at its line (as {@link LifecycleCheck} does for
 * the annotation the renderer refuses).
 */
final class RenderCheck {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  private final TemplateRegistry registry;
  private final OpenApiSchemas schemas;
  private final Admission admission;
  private final List<Finding> findings = new ArrayList<>();
  private final Set<String> reported = new LinkedHashSet<>();
  private final List<RenderedKind> kinds = new ArrayList<>();

  private RenderCheck(
      TemplateRegistry registry,
      OpenApiSchemas schemas,
      Admission admission,
      List<Finding> earlier) {
    this.registry = registry;
    this.schemas = schemas;
    this.admission = admission;
    earlier.stream()
        .filter(f -> f.level() == Finding.Level.ERROR)
        .forEach(f -> reported.add(f.file() + ":" + f.line()));
  }

  /**
   * The findings and the kinds rendered.
   *
   * @param findings schema violations and render failures
   * @param kinds every kind an object rendered as, with the template that rendered it
   */
  record Result(List<Finding> findings, List<RenderedKind> kinds) {}

  /**
   * @param admission what the API server makes of a resource before the templates see it: a sample
   *     or a case it refuses is an error at its file
   */
  static Result check(
      Path templates,
      Path samples,
      TemplateRegistry registry,
      OpenApiSchemas schemas,
      Admission admission,
      List<Finding> earlier) {
    RenderCheck check = new RenderCheck(registry, schemas, admission, earlier);
    for (Path file : files(samples)) {
      for (Map<String, Object> resource : resources(file)) {
        registry
            .watchFor(
                String.valueOf(resource.get("apiVersion")), String.valueOf(resource.get("kind")))
            .filter(watch -> registry.loadFailure(watch).isEmpty())
            .ifPresent(
                watch ->
                    check.render(
                        templates, watch, resource, ClusterReads.NONE, file, file.toString()));
      }
    }
    for (TemplatedKind watch : registry.watches()) {
      if (registry.loadFailure(watch).isEmpty()) {
        for (CaseResource test : CaseResources.of(templates.resolve(watch.templates()), watch)) {
          String source = test.file() + ", case \"" + test.caseName() + "\"";
          check.render(
              templates,
              watch,
              new LinkedHashMap<>(test.resource()),
              test.cluster(),
              test.file(),
              source);
        }
      }
    }
    return new Result(List.copyOf(check.findings), List.copyOf(check.kinds));
  }

  /**
   * Renders one resource, its lookups answered by {@code cluster}: nothing for a sample, what a
   * test case gives for its case.
   */
  private void render(
      Path templates,
      TemplatedKind watch,
      Map<String, Object> given,
      ClusterReads cluster,
      Path file,
      String renderedFrom) {
    Map<String, Object> meta = UntypedMaps.getOrCreateMap(given, "metadata");
    meta.putIfAbsent("namespace", "default");
    Map<String, Object> resource;
    try {
      resource = admission.admit(given);
    } catch (AdmissionException e) {
      findings.add(Finding.error(file.toString(), 0, e.getMessage() + " (" + renderedFrom + ")"));
      return;
    }
    List<RenderedObject> objects;
    try {
      objects = registry.render(watch, resource, cluster).objects();
    } catch (RenderException e) {
      String at = e.template() == null ? renderedFrom : templates.resolve(e.template()).toString();
      int line = Math.max(0, e.line()); // jinjava counts an unclosed tag's line from its end
      if (reported.add(at + ":" + line)) {
        findings.add(Finding.error(at, line, e.reason() + " (rendering " + renderedFrom + ")"));
      }
      return;
    }
    OrderLint.check(
            objects, name -> read(templates.resolve(name)), templates::resolve, renderedFrom)
        .stream()
        .filter(finding -> reported.add(finding.file() + ":" + finding.line() + finding.message()))
        .forEach(findings::add);
    for (RenderedObject object : objects) {
      Path template = templates.resolve(object.template());
      String source = read(template);
      String apiVersion = object.ref().apiVersion();
      String kind = object.ref().kind();
      kinds.add(
          new RenderedKind(
              apiVersion, kind, template, TemplateLines.lineOf(source, List.of("kind"))));
      Optional<List<Error>> errors =
          schemas.validate(apiVersion, kind, JSON.valueToTree(object.body()));
      if (errors.isEmpty()) {
        if (reported.add("schema " + apiVersion + " " + kind)) {
          findings.add(
              Finding.warning(
                  template.toString(),
                  0,
                  "no OpenAPI schema for "
                      + apiVersion
                      + " "
                      + kind
                      + ", so its objects are not validated; run lint --save-schemas against a"
                      + " cluster that serves it"));
        }
        continue;
      }
      for (Error error : errors.get()) {
        List<String> path = keys(error);
        int line = TemplateLines.lineOf(source, path);
        if (reported.add(template + ":" + line + ":" + error.getMessage())) {
          findings.add(
              Finding.error(
                  template.toString(),
                  line,
                  kind
                      + " "
                      + String.join(".", path)
                      + ": "
                      + error.getMessage()
                      + " (Kubernetes schema, rendering "
                      + renderedFrom
                      + ")"));
        }
      }
    }
  }

  /**
   * The map keys of the error's instance location, list indexes left out; for a field the schema
   * does not declare, the field itself.
   */
  private static List<String> keys(Error error) {
    List<String> keys = new ArrayList<>();
    NodePath path = error.getInstanceLocation();
    for (int i = 0; i < path.getNameCount(); i++) {
      Object element = path.getElement(i);
      if (element instanceof String name) {
        keys.add(name);
      }
    }
    if ("additionalProperties".equals(error.getKeyword()) && error.getProperty() != null) {
      keys.add(error.getProperty());
    }
    return keys;
  }

  private static List<Path> files(Path path) {
    if (Files.isDirectory(path)) {
      return YamlFiles.in(path);
    }
    return Files.isRegularFile(path) ? List.of(path) : List.of();
  }

  private static List<Map<String, Object>> resources(Path file) {
    List<Map<String, Object>> resources = new ArrayList<>();
    try (MappingIterator<Object> documents =
        YAML.readerFor(Object.class).readValues(file.toFile())) {
      while (documents.hasNextValue()) {
        Object document = documents.nextValue();
        if (document instanceof Map<?, ?>) {
          resources.add(UntypedMaps.asMap(document, "a document of " + file));
        }
      }
    } catch (IOException e) {
      throw new OperatorException(
          YamlErrors.describe(file.toString(), e) + ". Fix the sample, or give --samples another.",
          e);
    }
    return resources;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "";
    }
  }
}
