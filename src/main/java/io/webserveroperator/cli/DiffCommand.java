package io.webserveroperator.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.options.ClusterOptions;
import io.webserveroperator.cli.options.CrdsOption;
import io.webserveroperator.cli.options.OperatorNameOption;
import io.webserveroperator.cli.options.OperatorNamespaceOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.crd.Admission;
import io.webserveroperator.crd.CrdFolder;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.preview.CrdPreview;
import io.webserveroperator.preview.DryRunDiff;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.template.TemplateRegistry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code diff}: what applying the rendered manifests would change in a cluster, asked of the API
 * server as a server-side dry run ({@link DryRunDiff}), never written. Exit codes as {@code kubectl
 * diff}: 0 no differences, 1 differences, 2 an error of any kind (a usage error, a bad file, a
 * render failure, an unreachable cluster), with stdout left empty on error.
 *
 * <p>stdout is the diff ({@link PlanPrinter}); stderr says, per CONFLICT, that the operator would
 * apply nothing for that resource until it is resolved (a conflict alone is a difference, exit 1),
 * and, with {@code --live}, always how many objects the templates would prune ({@link
 * PruneSummary}), so that an edit that removes a template warns before it takes effect. With {@code
 * --template-revision}, the live resources render from a revision the operator stored ({@link
 * RevisionSelection}), and stderr first names each kind left out.
 *
 * <p>Before the objects, the plan shows what applying the watched kinds' CRDs of {@code --crds}
 * would change ({@link CrdPreview}), and stderr names each change that breaks what the cluster
 * holds ({@code diff: BREAKING ...}).
 */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Show what applying the rendered manifests would change in a cluster (server-side dry run).",
    exitCodeOnExecutionException = DiffCommand.FAILED,
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:No differences.",
      "1:Differences found (a CONFLICT or a REFUSED is one).",
      "2:An error; see stderr."
    })
final class DiffCommand implements Callable<Integer> {

  static final int NO_DIFFERENCES = 0;
  static final int DIFFERENCES = 1;
  static final int FAILED = 2;

  @Spec CommandSpec spec;

  @Mixin TemplatesOption templates;

  @Mixin CrdsOption crds;

  @Mixin ClusterOptions cluster;

  @Option(
      names = {"-f", "--filename"},
      paramLabel = "FILE",
      description =
          "A file of custom resources, a folder of *.yaml files, or '-' for stdin; repeat for more.")
  List<String> files = new ArrayList<>();

  @Option(
      names = "--live",
      description =
          "Diff the resources of the watched kinds as they are in the cluster instead of files,"
              + " to preview a template edit (namespace -n, or all namespaces).")
  boolean live;

  @Option(
      names = "--template-revision",
      paramLabel = "REV",
      description =
          "With --live, render from a template revision the operator stored instead of"
              + " --templates: its hash or number, or 'next' for the resources the next step of"
              + " each kind's rollout would move (the revisions of the operator --name, read from"
              + " --operator-namespace).")
  String templateRevision;

  @Mixin OperatorNameOption operatorName;

  @Mixin OperatorNamespaceOption operator;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      description =
          "Namespace for resources that name none (default: the context's, else 'default');"
              + " with --live, where to look (default: all namespaces).")
  String namespace;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "unified",
      converter = DiffFormat.Converter.class,
      description =
          "unified (default; honours KUBECTL_EXTERNAL_DIFF), json-patch (RFC 6902 per object)"
              + " or json (the whole plan).")
  DiffFormat output;

  private final BiFunction<Path, String, KubernetesClient> clients;
  private final UnaryOperator<String> environment;

  DiffCommand() {
    this(KubeClients::create, System::getenv);
  }

  /**
   * For tests: how clients are made from {@code --kubeconfig} and {@code --context}, and where
   * environment variables are read.
   */
  DiffCommand(
      BiFunction<Path, String, KubernetesClient> clients, UnaryOperator<String> environment) {
    this.clients = clients;
    this.environment = environment;
  }

  @Override
  public Integer call() {
    if (live == !files.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(),
          "Give either -f FILE (one or more) or --live, not both and not neither.");
    }
    if (templateRevision != null && !live) {
      throw new ParameterException(
          spec.commandLine(), "--template-revision renders the live resources: add --live.");
    }
    List<ResourceFiles.FileResource> resources = new ArrayList<>();
    files.forEach(file -> resources.addAll(ResourceFiles.read(file, System.in)));
    Report report;
    List<String> notes = List.of();
    List<String> breaking = new ArrayList<>();
    try (TemplateRegistry registry = templates.load()) {
      Plan plan;
      try (KubernetesClient client = clients.apply(cluster.kubeconfig(), cluster.context())) {
        Admission admission = crds.admission();
        DryRunDiff diff = new DryRunDiff(client, registry, admission);
        if (templateRevision != null) {
          RevisionSelection revisions =
              new RevisionSelection(
                  new RevisionStore(client, operator.namespace(client), operatorName.name()),
                  registry,
                  templateRevision);
          plan = diff.diffLive(namespace, revisions);
          revisions.requireFound();
          notes = revisions.notes();
        } else {
          plan =
              live
                  ? diff.diffLive(namespace)
                  : diff(diff, admission, resources, defaultNamespace(client));
        }
        CrdPreview.Result crdPreview = CrdPreview.of(client, watchedCrds(registry));
        plan = Plan.of(List.of(new Plan(crdPreview.entries()), plan));
        crdPreview
            .breaking()
            .forEach(
                (crd, changes) ->
                    changes.forEach(change -> breaking.add("BREAKING " + crd + ": " + change)));
      }
      report =
          report(
              plan,
              output,
              System.console() != null,
              environment.apply(ExternalDiff.VARIABLE),
              live);
    }
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    out.print(report.out());
    out.flush();
    notes.forEach(note -> err.println("diff: " + note));
    breaking.forEach(line -> err.println("diff: " + line));
    if (!breaking.isEmpty()) {
      err.println(
          "diff: "
              + breaking.size()
              + (breaking.size() == 1 ? " change" : " changes")
              + " of the CRDs above would break resources the cluster holds, or clients that write"
              + " them: migrate them first, or keep the old fields and versions (docs/diff.md).");
    }
    err.print(report.err());
    err.flush();
    return report.exit();
  }

  /**
   * What {@code diff} prints for a plan, and its exit code.
   *
   * @param exit {@link #NO_DIFFERENCES}, {@link #DIFFERENCES} or {@link #FAILED}
   * @param out stdout: the diff, empty when the exit code is {@link #FAILED}
   * @param err stderr: the external program's, then {@code diff: } lines, one per CONFLICT and,
   *     with {@code --live}, the prune summary
   */
  record Report(int exit, String out, String err) {}

  /**
   * Prints the plan. In the unified format with {@code KUBECTL_EXTERNAL_DIFF} set, the program's
   * output follows the ADOPT, CONFLICT and ORPHAN lines it cannot show; its exit code counts, but
   * any of those lines makes it {@link #DIFFERENCES}.
   *
   * @param colour whether the built-in unified diff is coloured
   * @param externalDiff the {@code KUBECTL_EXTERNAL_DIFF} command line, or null or blank for none
   * @param live whether the plan is of {@code --live}: then the prune summary is always printed
   * @throws OperatorException when the external program cannot be run
   */
  static Report report(
      Plan plan, DiffFormat format, boolean colour, String externalDiff, boolean live) {
    String text;
    StringBuilder errors = new StringBuilder();
    int exit;
    if (format == DiffFormat.UNIFIED && externalDiff != null && !externalDiff.isBlank()) {
      ExternalDiff.Result result = new ExternalDiff(externalDiff).run(plan);
      errors.append(result.err());
      if (result.exitCode() > DIFFERENCES) {
        errors.append(
            "diff: the "
                + ExternalDiff.VARIABLE
                + " command '"
                + externalDiff
                + "' failed with exit code "
                + result.exitCode()
                + ".\n");
        return new Report(FAILED, "", errors.toString());
      }
      String notes = PlanPrinter.notes(plan);
      text = notes + result.out();
      exit = notes.isEmpty() ? result.exitCode() : DIFFERENCES;
    } else {
      text = PlanPrinter.print(plan, format, colour);
      exit = plan.hasChanges() || !plan.hooks().isEmpty() ? DIFFERENCES : NO_DIFFERENCES;
    }
    for (String warning : PlanPrinter.conflictWarnings(plan)) {
      errors.append("diff: ").append(warning).append('\n');
    }
    if (live) {
      errors.append("diff: ").append(PruneSummary.of(plan).counts()).append('\n');
    }
    return new Report(exit, text, errors.toString());
  }

  /** The CRDs of {@code --crds} that declare a watched kind. */
  private List<CrdFolder.Crd> watchedCrds(TemplateRegistry registry) {
    return CrdFolder.read(crds.folder()).all().stream()
        .filter(
            crd ->
                registry.watches().stream()
                    .anyMatch(w -> w.group().equals(crd.group()) && w.kind().equals(crd.kind())))
        .toList();
  }

  private static Plan diff(
      DryRunDiff diff,
      Admission admission,
      List<ResourceFiles.FileResource> resources,
      String defaultNamespace) {
    List<Plan> plans = new ArrayList<>();
    for (ResourceFiles.FileResource resource : resources) {
      Map<String, Object> body = withNamespace(resource.body(), defaultNamespace);
      try {
        plans.add(diff.diff(admission.admit(body)));
      } catch (OperatorException e) {
        throw new OperatorException(resource.source() + ": " + e.getMessage(), e);
      } catch (IllegalArgumentException e) {
        throw new OperatorException(
            resource.source() + ": a resource is not a Kubernetes object: " + e.getMessage(), e);
      }
    }
    return Plan.of(plans);
  }

  /** The file's namespace, else {@code -n}, else the context's, else {@code default}. */
  private String defaultNamespace(KubernetesClient client) {
    if (namespace != null) {
      return namespace;
    }
    String contextNamespace = client.getNamespace();
    return contextNamespace == null || contextNamespace.isBlank() ? "default" : contextNamespace;
  }

  private static Map<String, Object> withNamespace(Map<String, Object> resource, String fallback) {
    Map<String, Object> copy = new LinkedHashMap<>(resource);
    Map<String, Object> metadata = new LinkedHashMap<>(UntypedMaps.getMapOrEmpty(copy, "metadata"));
    Object current = metadata.get("namespace");
    if (current == null || current.toString().isBlank()) {
      metadata.put("namespace", fallback);
    }
    copy.put("metadata", metadata);
    return copy;
  }
}
