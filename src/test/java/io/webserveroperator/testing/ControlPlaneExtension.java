package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.Operator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The set-up that integration tests against the shared {@link KubeTestBed} have in common,
 * registered on an instance field with {@code @RegisterExtension}. Before each test: the CRDs are
 * installed, a fresh namespace is made, the project's WebServer templates (its watches.yaml entry
 * and its folder, without the other shipped kinds, which the tests of the engine do not use) are
 * copied into a private folder and the kubeconfig is written beside them. After each test: every
 * operator it started, in this JVM or as a child JVM, is stopped, then the folder is removed.
 *
 * <p>It runs before the test's own {@code @BeforeEach} methods and after its {@code @AfterEach}
 * methods, so these may use it.
 */
public final class ControlPlaneExtension implements BeforeEachCallback, AfterEachCallback {

  private final String namespacePrefix;
  private Path folder;
  private String namespace;
  private WebServers webServers;
  private Path templates;
  private Path kubeconfig;
  private InProcessOperators operators;
  private final List<OperatorProcess> processes = new ArrayList<>();

  /** Namespaces are named {@code PREFIX-N-PID}. */
  public ControlPlaneExtension(String namespacePrefix) {
    this.namespacePrefix = namespacePrefix;
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    KubeTestBed bed = KubeTestBed.get().withCrds();
    folder = Files.createTempDirectory(namespacePrefix + "-it-");
    namespace = bed.newNamespace(namespacePrefix);
    webServers = new WebServers(bed.client(), namespace);
    templates = TemplateFolder.copyKindInto(folder.resolve("templates"), "WebServer");
    kubeconfig = bed.writeKubeConfig(folder);
    operators = new InProcessOperators();
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    operators.close();
    processes.forEach(OperatorProcess::close);
    processes.clear();
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /** The test bed's admin client, shared; do not close it. */
  public KubernetesClient admin() {
    return KubeTestBed.get().client();
  }

  /** This test's own namespace. */
  public String namespace() {
    return namespace;
  }

  /** WebServers in this test's namespace. */
  public WebServers webServers() {
    return webServers;
  }

  /** This test's copy of the WebServer's part of {@code templates/}, free to edit. */
  public Path templates() {
    return templates;
  }

  /** The test bed's kubeconfig as a file, for operators and commands. */
  public Path kubeconfig() {
    return kubeconfig;
  }

  /** A folder of this test's own, removed after it; it holds the templates and the kubeconfig. */
  public Path folder() {
    return folder;
  }

  /**
   * An operator in this JVM on the namespace and the templates copy, to change what differs and
   * {@link InProcessOperators.Start#start start}; stopped after the test.
   */
  public InProcessOperators.Start operator() {
    return operators.on(kubeconfig, templates, namespace);
  }

  /** Starts an operator in this JVM as {@link #operator()} is, unchanged. */
  public Operator startOperator() {
    return operator().start();
  }

  /**
   * Starts the operator as a child JVM ({@link OperatorJvm}) on the namespace and the templates
   * copy, with 2 workers, its Lease in the namespace; its log is {@code folder()/NAME.log}.
   */
  public OperatorProcess startOperatorJvm(String name, boolean leaderElection) {
    return startOperatorJvm(
        name, List.of(leaderElection ? "--leader-elect" : "--no-leader-elect"), Map.of());
  }

  /**
   * Starts the operator as {@link #startOperatorJvm(String, boolean)} does, with these arguments
   * (leader election, sharding) and this environment added.
   */
  public OperatorProcess startOperatorJvm(
      String name, List<String> moreArgs, Map<String, String> env) {
    int port = OperatorProcess.freePort();
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--kubeconfig=" + kubeconfig,
                "--templates=" + templates,
                "--namespace=" + namespace,
                "--workers=2",
                "--health-port=" + port,
                "--operator-namespace=" + namespace));
    args.addAll(moreArgs);
    OperatorProcess process = OperatorJvm.start(name, args, env, port, folder);
    processes.add(process);
    return process;
  }

  /**
   * Plays the Deployment controller, which the test bed does not run, for a WebServer's Deployment:
   * every replica of its current spec updated and available, as {@code kubectl rollout status}
   * wants. A later spec change needs another call.
   */
  public void rollOut(String webServer) {
    admin()
        .apps()
        .deployments()
        .inNamespace(namespace)
        .withName(webServer + "-deployment")
        .editStatus(
            d -> {
              int replicas = d.getSpec().getReplicas();
              d.setStatus(
                  new DeploymentStatusBuilder()
                      .withObservedGeneration(d.getMetadata().getGeneration())
                      .withReplicas(replicas)
                      .withUpdatedReplicas(replicas)
                      .withReadyReplicas(replicas)
                      .withAvailableReplicas(replicas)
                      .build());
              return d;
            });
  }

  /** The Deployment of a WebServer ({@code NAME-deployment}); null while there is none. */
  public Deployment deployment(String webServer) {
    return admin()
        .apps()
        .deployments()
        .inNamespace(namespace)
        .withName(webServer + "-deployment")
        .get();
  }
}
