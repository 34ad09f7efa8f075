package io.webserveroperator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Waits;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tutorial's walk-through on a real control plane (etcd, kube-apiserver, controller manager,
 * scheduler, kwok nodes) with the operator running, driven and observed with kubectl alone: the
 * WebServer's status comes from the Deployment status that the real controllers write.
 */
class WebServerE2EIT {

  private static final String NAME = "my-nginx-app";

  static LocalCluster cluster;
  static InProcessOperators operators = new InProcessOperators();
  static Kubectl kubectl;

  @BeforeAll
  static void startClusterAndOperator() {
    LocalClusterBinaries.assumePresent();
    cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .progress(line -> System.out.println("e2e: " + line))
                .build());
    new FolderApplier(cluster.client(), Waits.TIMEOUT).apply(Project.file("crds"));
    operators.on(cluster.kubeconfigPath(), Project.file("templates"), "default").start();
    kubectl = new Kubectl(cluster.binaries().kubectl(), cluster.kubeconfigPath(), Project.root());
  }

  @AfterAll
  static void stop() throws Exception {
    Closing.inOrder(operators, cluster);
  }

  @Test
  void sampleRunsScalesRollsAndIsCollectedWithKubectlAlone() {
    assertThat(kubectl.run("apply", "-f", "samples/webapp_v1_webserver.yaml"))
        .contains("webserver.webapp.example.com/my-nginx-app created");

    awaitWebServer("2 True");
    assertThat(kubectl.run("get", "ws"))
        .containsPattern(
            "NAME\\s+DESIRED\\s+AVAILABLE\\s+IMAGE\\s+READY\\s+REVISION\\s+SUSPENDED\\s+AGE")
        .containsPattern("my-nginx-app\\s+2\\s+2\\s+nginx:latest\\s+True\\s+[0-9a-f]{10}\\s+");

    kubectl.run("scale", "ws", NAME, "--replicas=3");
    awaitWebServer("3 True");
    assertThat(kubectl.run("get", "deployment", NAME + "-deployment", "-o", "name"))
        .contains("deployment.apps/my-nginx-app-deployment");

    kubectl.run(
        "patch", "ws", NAME, "--type", "merge", "-p", "{\"spec\":{\"image\":\"nginx:1.27\"}}");
    Waits.untilAsserted(
        () ->
            assertThat(replicaSets())
                .as("image=desired/available of each ReplicaSet")
                .containsExactlyInAnyOrder("nginx:latest=0/0", "nginx:1.27=3/3"));
    awaitWebServer("3 True");
    assertThat(
            kubectl.run(
                "get",
                "pods",
                "-l",
                "app=" + NAME,
                "-o",
                "jsonpath={range .items[*]}{.spec.containers[0].image} {.status.phase}{\"\\n\"}{end}"))
        .as("pods after the rollout")
        .isEqualToIgnoringWhitespace("nginx:1.27 Running nginx:1.27 Running nginx:1.27 Running");

    assertThat(kubectl.run("delete", "ws", NAME)).contains("deleted");
    Waits.untilAsserted(
        () ->
            assertThat(
                    kubectl.run(
                        "get",
                        "deployments,replicasets,pods,services",
                        "-l",
                        "app=" + NAME,
                        "-o",
                        "name"))
                .as("what the garbage collector left")
                .isBlank());
  }

  /**
   * Waits until the WebServer says "AVAILABLE READY" as given, for its latest generation; the
   * generation check keeps a status written before the last change from passing.
   */
  private static void awaitWebServer(String availableAndReady) {
    Waits.untilAsserted(
        () ->
            assertThat(
                    kubectl.run(
                        "get",
                        "ws",
                        NAME,
                        "-o",
                        "jsonpath={.status.availableReplicas}"
                            + " {.status.conditions[?(@.type==\"Ready\")].status}"
                            + " {.metadata.generation}/{.status.observedGeneration}"))
                .matches(availableAndReady + " (\\d+)/\\1"));
  }

  /** Each ReplicaSet of the WebServer as {@code image=desired/available}. */
  private static List<String> replicaSets() {
    String lines =
        kubectl.run(
            "get",
            "replicasets",
            "-l",
            "app=" + NAME,
            "-o",
            "jsonpath={range .items[*]}{.spec.template.spec.containers[0].image}"
                + "={.spec.replicas}/{.status.availableReplicas}{\"\\n\"}{end}");
    return Arrays.stream(lines.split("\n"))
        .filter(line -> !line.isBlank())
        .map(line -> line.endsWith("/") ? line + "0" : line)
        .toList();
  }
}
