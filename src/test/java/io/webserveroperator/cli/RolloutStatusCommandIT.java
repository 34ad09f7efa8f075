package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.RolloutOrder;
import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/**
 * {@code rollout status} against a real API server, with no operator: the revisions are stored as
 * the operator stores them ({@link RevisionStore}) and the WebServers' statuses written through the
 * status subresource, so each test sets up exactly the rollout it reads. The test namespace holds
 * both.
 */
class RolloutStatusCommandIT {

  static final TemplateRevision FIRST = TemplateRevision.of(Map.of("webserver/a.yaml.j2", "1"));
  static final TemplateRevision SECOND = TemplateRevision.of(Map.of("webserver/a.yaml.j2", "2"));
  static final TemplateRevision THIRD = TemplateRevision.of(Map.of("webserver/a.yaml.j2", "3"));
  static final TemplateRevision GONE = TemplateRevision.of(Map.of("webserver/a.yaml.j2", "0"));

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("rollout");
  KubernetesClient admin;
  String namespace;
  WebServers webServers;
  RevisionStore store;
  TemplatedKind watch;

  record Run(int exit, String out, String err) {}

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
    store = new RevisionStore(admin, namespace, OperatorName.defaults());
    try (TemplateRegistry registry =
        TemplateRegistry.load(cluster.templates().resolve("watches.yaml"))) {
      watch = registry.watches().get(0);
    }
  }

  @Test
  void aCompleteRolloutExitsZeroAndCountsTheResourcesOnEachRevision() {
    Instant now = Instant.now();
    store.create(watch, FIRST, RolloutState.complete(FIRST.hash(), 1, now));
    store.create(watch, SECOND, RolloutState.complete(SECOND.hash(), 2, now));
    webServer("a", SECOND.hash(), Map.of());
    webServer("b", SECOND.hash(), Map.of());
    webServer("c", GONE.hash(), Map.of());
    webServer("d", null, Map.of());
    webServer("e", FIRST.hash(), Map.of(Rollouts.PIN_ANNOTATION, "1"));

    Run run = status();

    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .isEqualTo(
            String.join(
                "\n",
                "WebServer.webapp.example.com",
                "  Target:     revision 2 (" + SECOND.hash() + "), complete",
                "  Resources:  5",
                "    revision 2 (" + SECOND.hash() + ")  2",
                "    revision 1 (" + FIRST.hash() + ")  1",
                "    unknown (" + GONE.hash() + ")     1",
                "    (none yet)               1",
                "  Pinned:     1",
                "    " + namespace + "/e  revision 1 (" + FIRST.hash() + ")",
                ""));
    assertThat(run.exit()).isZero();
  }

  @Test
  void aPausedRolloutExitsTwoNamingWhatWasNotReadyWithTheLocalPolicy() throws IOException {
    Files.writeString(
        cluster.templates().resolve("watches.yaml"),
        "  rollout: {steps: [1, \"50%\"]}\n",
        StandardOpenOption.APPEND);
    Instant began = Instant.now().minusSeconds(700);
    store.create(watch, FIRST, RolloutState.complete(FIRST.hash(), 1, began));
    RolloutState paused =
        new RolloutState(
            SECOND.hash(),
            2,
            FIRST.hash(),
            RolloutState.Phase.PAUSED,
            1,
            began,
            Optional.of(new RolloutOrder(false, namespace, "b")),
            List.of(namespace + "/b"));
    store.create(watch, SECOND, paused);
    webServer("a", SECOND.hash(), Map.of());
    webServer("b", SECOND.hash(), Map.of());
    webServer("c", FIRST.hash(), Map.of());
    webServer("d", FIRST.hash(), Map.of());

    Run run = status();

    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .contains(
            "  Target:     revision 2 (" + SECOND.hash() + "), paused\n",
            "  Step:       2 of 3 (50%: 2 resources), since ",
            "  Policy:     steps [1, 50%, 100%], progressDeadline 10m, maxUnready 0\n",
            "  Last good:  revision 1 (" + FIRST.hash() + ")\n",
            "    revision 2 (" + SECOND.hash() + ")  2\n    revision 1 (" + FIRST.hash() + ")  2\n",
            "  Not Ready:  " + namespace + "/b (see their RolloutPaused events)\n",
            "restore those of revision 1 (" + FIRST.hash() + ") to roll back.\n");
    assertThat(run.exit()).isEqualTo(2);
  }

  @Test
  void aProgressingRolloutExitsOneAndAStepWithoutALocalPolicyIsANumber() {
    Instant now = Instant.now();
    store.create(watch, FIRST, RolloutState.complete(FIRST.hash(), 1, now));
    store.create(
        watch, THIRD, RolloutState.complete(FIRST.hash(), 1, now).next(THIRD.hash(), 2, now));
    webServer("a", FIRST.hash(), Map.of());

    Run run = status("--kind", "WebServer");

    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .contains(
            "  Target:     revision 2 (" + THIRD.hash() + "), progressing\n",
            "  Step:       1, since ",
            "  Policy:     not in the local watches.yaml (--templates)\n");
    assertThat(run.exit()).isEqualTo(1);
  }

  @Test
  void aKindWithoutStoredRevisionsExitsThreeSayingWhereItLooked() {
    Run run = status("--kind", "WebServer");

    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "rollout status: no template revision of WebServer of the operator"
                + " webserver-operator is stored in namespace "
                + namespace
                + ": it has not led there yet, keeps them in another namespace"
                + " (--operator-namespace: its POD_NAMESPACE) or runs under another name"
                + " (--name).\n");
    assertThat(run.exit()).isEqualTo(3);
  }

  @Test
  void eachOperatorNameSeesOnlyItsOwnRevisionsInASharedNamespace() {
    Instant now = Instant.now();
    new RevisionStore(admin, namespace, new OperatorName("shop-operator"))
        .create(watch, SECOND, RolloutState.complete(SECOND.hash(), 4, now));

    Run named = status("--name", "shop-operator");
    Run unnamed = status();

    assertThat(named.out()).contains("  Target:     revision 4 (" + SECOND.hash() + "), complete");
    assertThat(named.exit()).isZero();
    assertThat(unnamed.err()).contains("no template revision of the operator webserver-operator");
    assertThat(unnamed.exit()).isEqualTo(3);
  }

  @Test
  void anUnknownOptionExitsThreeNotTwoWhichMeansPaused() {
    assertThat(status("--bogus").exit()).isEqualTo(3);
  }

  /** A WebServer whose status names {@code revision} (none when null) for its current spec. */
  private void webServer(String name, String revision, Map<String, String> annotations) {
    GenericKubernetesResource resource =
        webServers.build(name, Map.of("image", "nginx:1.27", "replicas", 1));
    resource.getMetadata().setAnnotations(annotations);
    GenericKubernetesResource created =
        admin.genericKubernetesResources(WebServers.KIND).resource(resource).create();
    if (revision != null) {
      Map<String, Object> status = new LinkedHashMap<>();
      status.put("observedGeneration", created.getMetadata().getGeneration());
      status.put("templateRevision", revision);
      created.setAdditionalProperty("status", status);
      admin.genericKubernetesResources(WebServers.KIND).resource(created).updateStatus();
    }
  }

  private Run status(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("rollout", "status"));
    all.addAll(List.of(args));
    all.addAll(
        List.of(
            "--templates",
            cluster.templates().toString(),
            "--kubeconfig",
            cluster.kubeconfig().toString(),
            "--operator-namespace",
            namespace,
            "-n",
            namespace));
    int exit = cli.execute(all.toArray(String[]::new));
    return new Run(exit, out.toString(), err.toString());
  }
}
