package io.webserveroperator.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.options.ClusterOptions;
import io.webserveroperator.crd.CrdFolder;
import io.webserveroperator.kind.KindNames;
import io.webserveroperator.kind.KindSchema;
import io.webserveroperator.kind.NameCollisions;
import io.webserveroperator.kind.ServedResource;
import io.webserveroperator.kind.SimpleSchema;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.scaffold.ApiScaffold;
import io.webserveroperator.scaffold.PlannedFile;
import io.webserveroperator.scaffold.Project;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code create api}: a kind of one's own from a simple schema, as {@code operator-sdk create api}
 * starts one ({@link ApiScaffold}). Run again once {@code schema.yaml} exists, it regenerates the
 * CRD alone. Every input is checked before anything is written: a bad flag, a schema problem (at
 * its line) or a name another resource answers to writes nothing and exits 1.
 */
@Command(
    name = "api",
    description = {
      "Start a kind of your own: its simple schema and the CRD made from it, a starter template,"
          + " its status template, tests, a sample, its watches.yaml entry and its RBAC.",
      "Run again after editing templates/<kind>/schema.yaml: it regenerates the CRD only."
    })
final class CreateApiCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help message and exit.")
  boolean help;

  @Option(
      names = "--group",
      required = true,
      paramLabel = "GROUP",
      description = "API group, a domain name: db.example.com.")
  String group;

  @Option(
      names = "--version",
      required = true,
      paramLabel = "VERSION",
      description = "API version: v1, v1beta1.")
  String version;

  @Option(
      names = "--kind",
      required = true,
      paramLabel = "KIND",
      description = "Kind, in CamelCase: Postgres.")
  String kind;

  @Option(
      names = "--schema",
      paramLabel = "FILE",
      description =
          "A simple schema to start from (docs/simple-schema.md); without it, a starter one.")
  Path schema;

  @Option(
      names = "--plural",
      paramLabel = "NAME",
      description = "Resource name (default: the kind in lower case, made plural).")
  String plural;

  @Option(
      names = "--short-name",
      paramLabel = "NAME",
      split = ",",
      description = "A short name for kubectl: pg; repeat for more.")
  List<String> shortNames;

  @Option(
      names = "--project",
      paramLabel = "DIR",
      defaultValue = ".",
      description =
          "The project: the folder of templates/, crds/, samples/, deploy/ and deploy-sharded/"
              + " (default: ${DEFAULT-VALUE}).")
  Path projectFolder;

  @Mixin ClusterOptions cluster;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> problems = flagProblems();
    if (!problems.isEmpty()) {
      problems.forEach(p -> err.println("create api: " + p));
      err.flush();
      return 1;
    }
    Project project = new Project(projectFolder);
    SimpleSchema.Requested requested =
        new SimpleSchema.Requested(group, version, kind, plural, shortNames);
    KindNames asked =
        new KindNames(
            group,
            version,
            kind,
            plural == null ? KindNames.pluralOf(kind) : plural,
            shortNames == null ? List.of() : shortNames,
            List.of());
    Path schemaFile = ApiScaffold.schemaFile(project, asked);
    try {
      if (Files.exists(schemaFile)) {
        if (schema != null) {
          throw new OperatorException(
              "--schema: "
                  + project.name(schemaFile)
                  + " exists already; edit it and run create api without --schema.");
        }
        KindSchema kindSchema =
            SimpleSchema.read(project.name(schemaFile), Files.readString(schemaFile), requested);
        write(ApiScaffold.regenerate(project, kindSchema), project, out);
        return 0;
      }
      String text;
      if (schema != null) {
        // Read alone first, so that a problem names the line of the user's own file.
        String body = Files.readString(schema);
        text =
            ApiScaffold.schemaText(
                SimpleSchema.read(schema.toString(), body, requested).names(), body);
      } else {
        text = ApiScaffold.starterSchema(asked);
      }
      KindSchema kindSchema = SimpleSchema.read(project.name(schemaFile), text, requested);
      checkNames(kindSchema.names(), project);
      write(ApiScaffold.newKind(project, kindSchema, text, schema == null), project, out);
      out.println();
      out.println(
          "Next: edit "
              + project.name(schemaFile)
              + " (then run this command again) and the templates beside it, and check them:");
      out.println("  java -jar target/webserver-operator.jar lint");
      out.println("  java -jar target/webserver-operator.jar test");
      out.println("docs/your-own-kind.md goes on from here.");
      return 0;
    } catch (IOException e) {
      err.println("create api: " + e);
      return 1;
    } catch (OperatorException e) {
      err.println("create api: " + e.getMessage());
      return 1;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private List<String> flagProblems() {
    List<String> problems = new ArrayList<>();
    KindNames.groupProblem(group).ifPresent(p -> problems.add("--group: " + p));
    KindNames.versionProblem(version).ifPresent(p -> problems.add("--version: " + p));
    KindNames.kindProblem(kind).ifPresent(p -> problems.add("--kind: " + p));
    if (plural != null) {
      KindNames.labelProblem(plural, "plural").ifPresent(p -> problems.add("--plural: " + p));
    }
    if (shortNames != null) {
      shortNames.forEach(
          name ->
              KindNames.labelProblem(name, "short name")
                  .ifPresent(p -> problems.add("--short-name: " + p)));
    }
    if (schema != null && !Files.isRegularFile(schema)) {
      problems.add("--schema: " + schema + " is not a file");
    }
    return problems;
  }

  /**
   * Refuses names that Kubernetes, a CRD of crds/ or, with {@code --kubeconfig} or {@code
   * --context}, the cluster answers to already.
   */
  private void checkNames(KindNames names, Project project) {
    List<ServedResource> served = new ArrayList<>(ServedResource.builtIn());
    for (CrdFolder.Crd crd : CrdFolder.read(project.crds()).all()) {
      served.add(
          new ServedResource(
              crd.group(), crd.plural(), crd.kind(), crd.shortNames(), project.name(crd.file())));
    }
    if (cluster.kubeconfig() != null || cluster.context() != null) {
      try (KubernetesClient client = KubeClients.create(cluster.kubeconfig(), cluster.context())) {
        served.addAll(ClusterResourceNames.of(client));
      } catch (KubernetesClientException e) {
        throw new OperatorException(
            "--kubeconfig: cannot ask the cluster which resources it serves: " + e.getMessage(), e);
      }
    }
    List<String> taken = NameCollisions.of(names, served);
    if (!taken.isEmpty()) {
      throw new OperatorException(String.join("\ncreate api: ", taken) + ". Nothing was written.");
    }
  }

  private static void write(ApiScaffold.Plan plan, Project project, PrintWriter out) {
    for (PlannedFile file : plan.files()) {
      Optional<String> before = read(file.path());
      if (before.isPresent() && before.get().equals(file.content())) {
        out.println("unchanged " + project.name(file.path()));
        continue;
      }
      try {
        Files.createDirectories(file.path().toAbsolutePath().getParent());
        Files.writeString(file.path(), file.content());
      } catch (IOException e) {
        throw new OperatorException("Cannot write " + project.name(file.path()) + ": " + e, e);
      }
      out.println((file.created() ? "created " : "updated ") + project.name(file.path()));
    }
    plan.notes().forEach(note -> out.println(note));
  }

  private static Optional<String> read(Path file) {
    try {
      return Files.exists(file) ? Optional.of(Files.readString(file)) : Optional.empty();
    } catch (IOException e) {
      throw new OperatorException("Cannot read " + file + ": " + e, e);
    }
  }
}
