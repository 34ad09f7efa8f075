package io.webserveroperator.cli;

import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.exit.Failure;
import io.webserveroperator.cli.options.CrdsOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.crd.Admission;
import io.webserveroperator.crd.AdmissionException;
import io.webserveroperator.manifest.HookRun;
import io.webserveroperator.manifest.ManifestYaml;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.template.ClusterReads;
import io.webserveroperator.template.GivenObjects;
import io.webserveroperator.template.Rendered;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplatesInvalidException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code render}: custom resources from files in, the manifests the operator would apply out, as
 * one YAML stream. Each resource is first admitted as the API server would admit it (its CRD's
 * defaults filled in, its schema checked; {@code --crds}), so the templates see what they would see
 * in the cluster. All or nothing: on an error, stdout stays empty, and the exit code says what kind
 * of error it was ({@link Failure}). Except that a kind whose templates do not load fails only its
 * own resources, as in the operator: the others still print, each failure goes to stderr, and the
 * exit code is that of invalid configuration. Lookups find what {@code --lookup-file} gives; {@code
 * children} is empty, as before a resource's first reconcile; generated secrets print as {@code
 * (generated)}.
 */
@Command(
    name = "render",
    mixinStandardHelpOptions = true,
    description = "Render custom resources from files into the manifests the operator would apply.")
final class RenderCommand implements Callable<Integer> {

  @Mixin TemplatesOption templates;

  @Mixin CrdsOption crds;

  @Spec CommandSpec spec;

  @Option(
      names = {"-f", "--filename"},
      required = true,
      paramLabel = "FILE",
      description =
          "A file of custom resources, a folder of *.yaml files, or '-' for stdin; repeat.")
  List<String> files = new ArrayList<>();

  @Option(
      names = "--lookup-file",
      paramLabel = "FILE",
      description =
          "Objects the templates' lookups find, as the cluster would hold them: a YAML file, a"
              + " folder of *.yaml files, or '-'; repeat. A lookup nothing here answers finds"
              + " nothing, as in a cluster without the object.")
  List<String> lookupFiles = new ArrayList<>();

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      defaultValue = "default",
      description = "Namespace for resources that name none (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Override
  public Integer call() {
    List<ResourceFiles.FileResource> resources = new ArrayList<>();
    files.forEach(file -> resources.addAll(ResourceFiles.read(file, System.in)));
    StringBuilder out = new StringBuilder();
    List<Map<String, Object>> objects = new ArrayList<>();
    lookupFiles.forEach(
        file -> ResourceFiles.read(file, System.in).forEach(object -> objects.add(object.body())));
    ClusterReads reads = new GivenObjects(objects, List.of());
    List<String> invalid = new ArrayList<>();
    try (TemplateRegistry registry = templates.load()) {
      Admission admission = crds.admission();
      for (ResourceFiles.FileResource resource : resources) {
        try {
          out.append(render(registry, admission, resource.body(), resource.source(), reads));
        } catch (TemplatesInvalidException e) {
          invalid.add(e.getMessage());
        }
      }
    }
    spec.commandLine().getOut().print(out);
    spec.commandLine().getOut().flush();
    invalid.forEach(message -> spec.commandLine().getErr().println("render: " + message));
    spec.commandLine().getErr().flush();
    return invalid.isEmpty() ? 0 : Failure.CONFIGURATION.code();
  }

  private String render(
      TemplateRegistry registry,
      Admission admission,
      Map<String, Object> given,
      String file,
      ClusterReads reads) {
    Map<String, Object> meta = UntypedMaps.getOrCreateMap(given, "metadata");
    meta.putIfAbsent("namespace", namespace);
    String apiVersion = String.valueOf(given.get("apiVersion"));
    String kind = String.valueOf(given.get("kind"));
    String name = kind + " " + meta.get("namespace") + "/" + meta.get("name");
    TemplatedKind watch =
        registry
            .watchFor(apiVersion, kind)
            .orElseThrow(
                () ->
                    new OperatorException(
                        name
                            + " in "
                            + file
                            + " has apiVersion "
                            + apiVersion
                            + " and kind "
                            + kind
                            + ", which watches.yaml does not list."));
    Map<String, Object> resource;
    try {
      resource = admission.admit(given);
    } catch (AdmissionException e) {
      throw new OperatorException(e.getMessage() + " (in " + file + ")", e);
    }
    StringBuilder out = new StringBuilder();
    Rendered rendered = registry.render(watch, resource, reads);
    for (RenderedObject object : rendered.objects()) {
      out.append("---\n");
      out.append("# Source: ").append(object.template()).append('\n');
      String order = order(object);
      if (!order.isEmpty()) {
        out.append("# Order: ").append(order).append('\n');
      }
      if (meta.get("uid") == null) {
        out.append("# ownerReferences: left out because ")
            .append(name)
            .append(" has no metadata.uid; the operator adds a controller reference to it.\n");
      }
      // The values of the Secrets the templates looked up stay masked, wherever they printed them.
      out.append(write(rendered.secrets().maskMap(object.body())));
    }
    return out.toString();
  }

  /**
   * {@code wave 1, depends-on StatefulSet/orders, hook pre-upgrade}: when the object is applied, as
   * its order annotations say; empty when it has none.
   */
  private static String order(RenderedObject object) {
    Ordering ordering = Ordering.of(object.body());
    List<String> parts = new ArrayList<>();
    if (ordering.wave() != 0) {
      parts.add("wave " + ordering.wave());
    }
    if (!ordering.dependsOn().isEmpty()) {
      parts.add(
          "depends-on "
              + String.join(", ", ordering.dependsOn().stream().map(Object::toString).toList()));
    }
    if (ordering.isHook()) {
      parts.add(
          "hook "
              + String.join(",", ordering.hooks().stream().map(Ordering.Hook::text).toList())
              + " (runs as "
              + HookRun.of(object).ref().name()
              + ")");
    }
    ordering.replaces().ifPresent(replaced -> parts.add("replaces " + replaced));
    return String.join(", ", parts);
  }

  private static String write(Map<String, Object> body) {
    try {
      return ManifestYaml.writer().writeValueAsString(body);
    } catch (IOException e) {
      throw new OperatorException("Cannot write a rendered object as YAML: " + e.getMessage(), e);
    }
  }
}
