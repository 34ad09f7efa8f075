package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.cli.exit.ErrorHandling;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.StoredRevision;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.RequestLog;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/**
 * {@code diff} against a real API server. The cluster state comes from the real operator, run once
 * on the test namespace; the command then runs with a client whose every request is logged, so each
 * test also proves that nothing was written.
 */
class DiffCommandIT {

  static final ObjectMapper YAML = new YAMLMapper();
  static final String RETRY_LIMIT = "kubernetes.request.retry.backoffLimit";
  static final String NOTHING_PRUNED =
      "diff: 0 objects would be pruned, 0 left in place (resource-policy: keep), 0 conflicts\n";

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("diff");
  KubernetesClient admin;
  String namespace;
  WebServers webServers;
  Path templates;
  Path kubeconfig;
  final RequestLog requests = new RequestLog();
  final Map<String, String> environment = new HashMap<>();

  record Run(int exit, String out, String err) {

    /** The {@code -} and {@code +} lines of a unified diff, without the two file headers. */
    List<String> changedLines() {
      return out.lines()
          .filter(line -> line.startsWith("-") || line.startsWith("+"))
          .filter(line -> !line.startsWith("--- ") && !line.startsWith("+++ "))
          .toList();
    }

    /** The object header lines, e.g. {@code apps/v1 Deployment ns/web-deployment (UPDATE)}. */
    List<String> headers() {
      return out.lines()
          .filter(line -> line.endsWith(")"))
          .filter(line -> !line.isEmpty() && " -+@".indexOf(line.charAt(0)) < 0)
          .toList();
    }
  }

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
    templates = cluster.templates();
    kubeconfig = cluster.kubeconfig();
  }

  @AfterEach
  void nothingWasWritten() {
    assertThat(requests.writes())
        .as("every write-method request of diff is a server-side dry run, and none deletes")
        .allSatisfy(
            request -> {
              assertThat(request.isDryRun()).as(request.toString()).isTrue();
              assertThat(request.method()).isNotEqualTo("DELETE");
            });
  }

  @Test
  void unchangedResourceExitsZeroWithNoOutput() {
    reconcile("web.yaml");

    Run run = diff("-f", fixture("web.yaml"), "-n", namespace);

    assertThat(run.err()).isEmpty();
    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isZero();
    assertThat(requests.writes())
        .as("nothing to show, nothing to ask: the plan says UNCHANGED from what it read")
        .isEmpty();
  }

  @Test
  void changedReplicasShowsExactlyThatChange() {
    reconcile("web.yaml");

    Run run = diff("-f", fixture("web-replicas-3.yaml"), "-n", namespace);

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactly("apps/v1 Deployment " + namespace + "/web-deployment (UPDATE)");
    assertThat(run.changedLines()).containsExactly("-  replicas: 2", "+  replicas: 3");
  }

  @Test
  void changedReplicasAsJsonPatchIsOneReplace() throws IOException {
    reconcile("web.yaml");

    Run run = diff("-f", fixture("web-replicas-3.yaml"), "-n", namespace, "-o", "json-patch");

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isEqualTo(1);
    JsonNode patches = new ObjectMapper().readTree(run.out());
    assertThat(patches).hasSize(1);
    JsonNode entry = patches.get(0);
    assertThat(entry.at("/object/kind").asText()).isEqualTo("Deployment");
    assertThat(entry.at("/object/namespace").asText()).isEqualTo(namespace);
    assertThat(entry.at("/object/name").asText()).isEqualTo("web-deployment");
    assertThat(entry.get("action").asText()).isEqualTo("UPDATE");
    assertThat(entry.get("patch"))
        .isEqualTo(
            new ObjectMapper()
                .readTree("[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]"));
  }

  @Test
  void wholePlanAsJsonCountsUnchangedObjectsToo() throws IOException {
    reconcile("web.yaml");

    Run run = diff("-f", fixture("web-replicas-3.yaml"), "-n", namespace, "-o", "json");

    assertThat(run.exit()).isEqualTo(1);
    JsonNode plan = new ObjectMapper().readTree(run.out());
    assertThat(plan.at("/summary/update").asInt()).isEqualTo(1);
    assertThat(plan.at("/summary/unchanged").asInt()).isEqualTo(1);
    assertThat(plan.get("entries")).hasSize(2);
  }

  @Test
  void newResourceShowsOnlyAdditions() {
    reconcile("web.yaml");

    Run run = diff("-f", fixture("fresh.yaml"), "-n", namespace);

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactly(
            "apps/v1 Deployment " + namespace + "/fresh-deployment (CREATE)",
            "v1 Service " + namespace + "/fresh-service (CREATE)");
    assertThat(run.changedLines())
        .isNotEmpty()
        .allSatisfy(line -> assertThat(line).startsWith("+"))
        .contains("+  replicas: 1", "+kind: Deployment", "+kind: Service");
    assertThat(run.out()).contains("@@ -0,0 +1,");
    assertThat(webServers.named("fresh").get()).isNull();
  }

  @Test
  void ingressTurnedOffShowsAsDeletion() {
    reconcile("web-with-ingress.yaml");

    Run run = diff("-f", fixture("web.yaml"), "-n", namespace);

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactly("networking.k8s.io/v1 Ingress " + namespace + "/web-ingress (PRUNE)");
    assertThat(run.changedLines())
        .allSatisfy(line -> assertThat(line).startsWith("-"))
        .contains("-kind: Ingress", "-  - host: www.example.com");
    assertThat(
            admin.network().v1().ingresses().inNamespace(namespace).withName("web-ingress").get())
        .isNotNull();
  }

  @Test
  void brokenTemplateExitsTwoWithFileAndLineAndPrintsNothing() throws IOException {
    reconcile("web.yaml");
    Path deploymentTemplate = templates.resolve("webserver/deployment.yaml.j2");
    Files.writeString(
        deploymentTemplate,
        Files.readString(deploymentTemplate).replace("{{ spec.image }}", "{{ spec.imagee }}"));

    Run run = diff("-f", fixture("web.yaml"), "-n", namespace, "--templates", templates.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .startsWith("diff: ")
        .contains("web.yaml")
        .contains("WebServer " + namespace + "/web")
        .containsPattern("webserver/deployment\\.yaml\\.j2:[1-9][0-9]*: ")
        .contains("imagee");
  }

  @Test
  void liveShowsTemplateEditForEveryWebServerInTheNamespace() throws IOException {
    reconcile("shop.yaml");
    Path serviceTemplate = templates.resolve("webserver/service.yaml.j2");
    Files.writeString(
        serviceTemplate,
        Files.readString(serviceTemplate)
            .replace(
                "  labels:\n",
                "  annotations:\n    webapp.example.com/edited: \"yes\"\n  labels:\n"));

    Run run = diff("--live", "-n", namespace, "--templates", templates.toString());

    assertThat(run.err()).isEqualTo(NOTHING_PRUNED);
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactlyInAnyOrder(
            "v1 Service " + namespace + "/shop-a-service (UPDATE)",
            "v1 Service " + namespace + "/shop-b-service (UPDATE)");
    assertThat(run.changedLines())
        .containsExactly(
            "+  annotations:",
            "+    webapp.example.com/edited: \"yes\"",
            "+  annotations:",
            "+    webapp.example.com/edited: \"yes\"");
  }

  @Test
  void liveFromAStoredRevisionShowsWhatMovingEveryResourceToItWouldChange() {
    reconcile("shop.yaml");
    TemplateRevision edited = storeEditedRevision();

    for (String revision : List.of("2", edited.hash())) {
      Run run = diff("--live", "-n", namespace, "--template-revision", revision);

      assertThat(run.err()).isEqualTo(NOTHING_PRUNED);
      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.headers())
          .containsExactlyInAnyOrder(
              "v1 Service " + namespace + "/shop-a-service (UPDATE)",
              "v1 Service " + namespace + "/shop-b-service (UPDATE)");
    }
  }

  @Test
  void nextRevisionShowsOnlyWhatTheNextStepOfTheRolloutWouldMove() throws IOException {
    Files.writeString(
        templates.resolve("watches.yaml"), "  rollout: {steps: [1]}\n", StandardOpenOption.APPEND);
    reconcile("shop.yaml");
    TemplateRevision edited = storeEditedRevision();
    webServers
        .named("shop-a")
        .editStatus(
            webServer -> {
              @SuppressWarnings("unchecked")
              Map<String, Object> status =
                  (Map<String, Object>) webServer.getAdditionalProperties().get("status");
              status.put("templateRevision", edited.hash());
              return webServer;
            });

    Run run = diff("--live", "-n", namespace, "--template-revision", "next");

    assertThat(run.err()).isEqualTo(NOTHING_PRUNED);
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactly("v1 Service " + namespace + "/shop-b-service (UPDATE)");
  }

  @Test
  void nextRevisionOfACompleteRolloutDiffsNothingAndSaysWhy() {
    reconcile("shop.yaml");

    Run run = diff("--live", "-n", namespace, "--template-revision", "next");

    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isZero();
    assertThat(run.err())
        .startsWith("diff: no step follows in the rollout of WebServer to its revision 1 (")
        .contains("): it is complete.\n")
        .endsWith(NOTHING_PRUNED);
  }

  @Test
  void aRevisionNoKindHasStoredExitsTwoNamingThoseThatAre() {
    reconcile("shop.yaml");

    Run run = diff("--live", "-n", namespace, "--template-revision", "7");

    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "diff: No watched kind has a template revision 7 stored in namespace "
                + namespace
                + ". WebServer left out: it has no stored template revision 7 (stored: 1 (");
  }

  @Test
  void liveWithUnchangedTemplatesExitsZero() {
    reconcile("shop.yaml");

    Run run = diff("--live", "-n", namespace, "--templates", templates.toString());

    assertThat(run.err()).isEqualTo(NOTHING_PRUNED);
    assertThat(run.out()).isEmpty();
    assertThat(run.exit()).isZero();
  }

  @Test
  void liveWarnsOfWhatRemovingATemplatePrunes() throws IOException {
    reconcile("web-with-ingress.yaml");
    Files.delete(templates.resolve("webserver/ingress.yaml.j2"));

    Run run = diff("--live", "-n", namespace);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactly("networking.k8s.io/v1 Ingress " + namespace + "/web-ingress (PRUNE)");
    assertThat(run.err())
        .isEqualTo(
            "diff: 1 object would be pruned, 0 left in place (resource-policy: keep),"
                + " 0 conflicts\n");
  }

  @Test
  void liveShowsAKeptObjectAsLeftInPlace() throws IOException {
    Path ingressTemplate = templates.resolve("webserver/ingress.yaml.j2");
    Files.writeString(
        ingressTemplate,
        Files.readString(ingressTemplate)
            .replace(
                "  labels:\n",
                "  annotations:\n    webserver-operator.io/resource-policy: keep\n  labels:\n"));
    reconcile("web-with-ingress.yaml");
    Files.delete(ingressTemplate);

    Run run = diff("--live", "-n", namespace);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .isEqualTo(
            "ORPHAN Ingress "
                + namespace
                + "/web-ingress: no longer rendered; left in place (resource-policy: keep) and"
                + " dropped from the inventory\n");
    assertThat(run.err())
        .isEqualTo(
            "diff: 0 objects would be pruned, 1 left in place (resource-policy: keep),"
                + " 0 conflicts\n");
  }

  @Test
  void handMadeObjectOfARenderedNameIsAConflictUntilAnnotatedForAdoption() throws IOException {
    reconcile("web.yaml");
    admin
        .configMaps()
        .inNamespace(namespace)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("web-content")
                .endMetadata()
                .addToData("index.html", "made by hand")
                .build())
        .create();

    Run conflict = diff("-f", fixture("web-with-content.yaml"), "-n", namespace);

    String configMap = "ConfigMap " + namespace + "/web-content";
    assertThat(conflict.exit()).isEqualTo(1);
    assertThat(conflict.out().lines())
        .contains(
            "CONFLICT "
                + configMap
                + ": "
                + configMap
                + " exists and is not managed by WebServer "
                + namespace
                + "/web; annotate it webserver-operator.io/adopt=true to let WebServer "
                + namespace
                + "/web take it over, or rename the object in the template");
    assertThat(conflict.out()).doesNotContain("made by hand");
    assertThat(conflict.err())
        .isEqualTo(
            "diff: the operator would apply nothing for the resource that renders "
                + configMap
                + " until the conflict is resolved: rename the object in the template, delete"
                + " the existing one, or annotate it webserver-operator.io/adopt=true.\n");

    admin
        .configMaps()
        .inNamespace(namespace)
        .withName("web-content")
        .edit(
            object -> {
              object.getMetadata().setAnnotations(Map.of("webserver-operator.io/adopt", "true"));
              return object;
            });

    Run adopt = diff("-f", fixture("web-with-content.yaml"), "-n", namespace);

    assertThat(adopt.err()).isEmpty();
    assertThat(adopt.exit()).isEqualTo(1);
    assertThat(adopt.headers()).contains("v1 ConfigMap " + namespace + "/web-content (ADOPT)");
    List<String> lines = adopt.out().lines().toList();
    int header = lines.indexOf("v1 ConfigMap " + namespace + "/web-content (ADOPT)");
    assertThat(lines.get(header + 1))
        .isEqualTo(
            "ADOPT "
                + configMap
                + ": "
                + configMap
                + " is annotated webserver-operator.io/adopt and is adopted by WebServer "
                + namespace
                + "/web");
    assertThat(lines.get(header + 2))
        .isEqualTo("--- live/v1.ConfigMap." + namespace + ".web-content");
    assertThat(adopt.changedLines())
        .contains("-  index.html: made by hand", "+  index.html: hello");
  }

  @Test
  void nothingIsWrittenEvenWhenEverythingChanges() {
    reconcile("web-with-ingress.yaml");
    Map<String, String> before = resourceVersions();

    Run run =
        diff("-f", fixture("web-replicas-3.yaml"), "-f", fixture("fresh.yaml"), "-n", namespace);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers()).hasSize(4);
    assertThat(requests.writes())
        .as("one dry-run apply per object to change, nothing else (the Service is unchanged)")
        .hasSize(3)
        .allSatisfy(request -> assertThat(request.method()).isEqualTo("PATCH"));
    assertThat(resourceVersions()).isEqualTo(before);
    assertThat(webServers.named("fresh").get()).isNull();
  }

  @Test
  void externalDiffGetsLiveAndMergedFolders() {
    reconcile("web.yaml");
    environment.put("KUBECTL_EXTERNAL_DIFF", "diff -u -N");

    Run run = diff("-f", fixture("web-replicas-3.yaml"), "-n", namespace);

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out())
        .contains("/LIVE-", "/MERGED-", "apps.v1.Deployment." + namespace + ".web-deployment")
        .doesNotContain("Service");
    assertThat(run.changedLines()).containsExactly("-  replicas: 2", "+  replicas: 3");
  }

  @Test
  void wiredIntoMainWithKubeconfigFile() {
    reconcile("web.yaml");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));

    int exit =
        cli.execute(
            "diff",
            "-f",
            fixture("web-replicas-3.yaml"),
            "--kubeconfig",
            kubeconfig.toString(),
            "-n",
            namespace);

    assertThat(err.toString()).isEmpty();
    assertThat(exit).isEqualTo(1);
    assertThat(out.toString()).contains("-  replicas: 2", "+  replicas: 3");
  }

  @Test
  void missingFileExitsTwo() {
    Run run = diff("-f", cluster.folder().resolve("nope.yaml").toString(), "-n", namespace);

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "diff: "
                + cluster.folder().resolve("nope.yaml")
                + " does not exist. Give -f a YAML file of custom resources, a folder of them, or"
                + " '-' for stdin.\n");
    assertThat(requests.requests()).as("files are read before the cluster is asked").isEmpty();
  }

  @Test
  void aTemplateRevisionWithoutLiveExitsTwo() {
    Run run = diff("-f", fixture("web.yaml"), "--template-revision", "next");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("diff: --template-revision renders the live resources: add --live.\n");
    assertThat(requests.requests()).isEmpty();
  }

  @Test
  void unreachableClusterExitsTwoNamingTheServer() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));

    int exit;
    // Fail at the first refused connection rather than after the client's retries.
    System.setProperty(RETRY_LIMIT, "0");
    try {
      exit =
          cli.execute(
              "diff",
              "-f",
              fixture("web.yaml"),
              "--templates",
              templates.toString(),
              "--kubeconfig",
              fixture("unreachable-kubeconfig.yaml"));
    } finally {
      System.clearProperty(RETRY_LIMIT);
    }

    assertThat(exit).isEqualTo(2);
    assertThat(out.toString()).isEmpty();
    assertThat(err.toString())
        .startsWith("diff: ")
        .contains("https://127.0.0.1:1")
        .contains("Connection refused");
  }

  @Test
  void folderOfResourcesIsRead() throws IOException {
    reconcile("web.yaml");
    Path folder = Files.createDirectories(cluster.folder().resolve("resources"));
    Files.copy(Path.of(fixture("web.yaml")), folder.resolve("a.yaml"));
    Files.copy(Path.of(fixture("fresh.yaml")), folder.resolve("b.yaml"));
    Files.writeString(folder.resolve("notes.txt"), "not a resource");

    Run run = diff("-f", folder.toString(), "-n", namespace);

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.headers())
        .containsExactly(
            "apps/v1 Deployment " + namespace + "/fresh-deployment (CREATE)",
            "v1 Service " + namespace + "/fresh-service (CREATE)");
  }

  private Run diff(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli =
        ErrorHandling.install(new CommandLine(new DiffCommand(requests::client, environment::get)));
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of(args));
    if (!all.contains("--templates")) {
      all.addAll(List.of("--templates", templates.toString()));
    }
    all.addAll(List.of("--kubeconfig", kubeconfig.toString()));
    all.addAll(List.of("--operator-namespace", namespace));
    int exit = cli.execute(all.toArray(String[]::new));
    return new Run(exit, out.toString(), err.toString());
  }

  /**
   * Creates the fixture's WebServers and lets the real operator reconcile them once, so that the
   * children and the status inventory are as the operator leaves them; then stops it.
   */
  private void reconcile(String fixture) {
    Operator operator = cluster.startOperator();
    List<String> names = new ArrayList<>();
    for (Map<String, Object> resource : read(fixture)) {
      GenericKubernetesResource webServer =
          admin
              .getKubernetesSerialization()
              .convertValue(resource, GenericKubernetesResource.class);
      webServer.getMetadata().setNamespace(namespace);
      admin.resource(webServer).create();
      names.add(webServer.getMetadata().getName());
    }
    for (String name : names) {
      Waits.untilAsserted(
          () -> {
            assertThat(webServers.condition(name, "Ready"))
                .as("%s's Ready condition", name)
                .isPresent();
            assertThat(webServers.status(name).get("observedGeneration"))
                .as("%s's status.observedGeneration", name)
                .isEqualTo(1);
          });
    }
    operator.close();
  }

  /**
   * Stores, as the operator would, revision 2 of the WebServer templates: the current ones with an
   * annotation added to the Service, rolling out from revision 1, which the operator stored.
   */
  private TemplateRevision storeEditedRevision() {
    try (TemplateRegistry registry = TemplateRegistry.load(templates.resolve("watches.yaml"))) {
      TemplatedKind watch = registry.watches().get(0);
      Map<String, String> files = new HashMap<>(registry.current(watch).orElseThrow().sources());
      files.computeIfPresent(
          "webserver/service.yaml.j2",
          (path, text) ->
              text.replace(
                  "  labels:\n",
                  "  annotations:\n    webapp.example.com/edited: \"yes\"\n  labels:\n"));
      TemplateRevision edited = TemplateRevision.of(files);
      RevisionStore store = new RevisionStore(admin, namespace, OperatorName.defaults());
      StoredRevision first = store.list(watch).get(0);
      assertThat(edited.hash()).isNotEqualTo(first.hash());
      store.create(
          watch, edited, first.state().orElseThrow().next(edited.hash(), 2, Instant.now()));
      return edited;
    }
  }

  /** The resourceVersion of every object the test namespace holds that diff could touch. */
  private Map<String, String> resourceVersions() {
    Map<String, String> versions = new HashMap<>();
    record(
        versions,
        "Deployment",
        admin.apps().deployments().inNamespace(namespace).list().getItems());
    record(versions, "Service", admin.services().inNamespace(namespace).list().getItems());
    record(
        versions,
        "Ingress",
        admin.network().v1().ingresses().inNamespace(namespace).list().getItems());
    record(
        versions,
        "WebServer",
        admin.genericKubernetesResources(WebServers.KIND).inNamespace(namespace).list().getItems());
    return versions;
  }

  private static void record(
      Map<String, String> versions, String kind, List<? extends HasMetadata> objects) {
    for (HasMetadata object : objects) {
      versions.put(
          kind + "/" + object.getMetadata().getName(), object.getMetadata().getResourceVersion());
    }
  }

  private static List<Map<String, Object>> read(String fixture) {
    try {
      return YAML.readerFor(Map.class)
          .<Map<String, Object>>readValues(Path.of(fixture(fixture)).toFile())
          .readAll();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String fixture(String name) {
    try {
      return Path.of(DiffCommandIT.class.getResource("diff/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
