package io.webserveroperator.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The components listen on the layout's loopback ports only and keep their files in its folder. */
class ComponentCommandsTest {

  final Path root = Path.of("/tmp/cluster");
  final ClusterLayout layout = new ClusterLayout(root, 2379, 2380, 6443, 10257, 10259);
  final ComponentCommands commands =
      new ComponentCommands(new KubeBinaries(Path.of("/opt/k8s")), layout);

  @Test
  void everyComponentBindsToLoopbackOnItsOwnPort() {
    assertThat(commands.etcd())
        .contains("--listen-client-urls=http://127.0.0.1:2379")
        .contains("--listen-peer-urls=http://127.0.0.1:2380");
    assertThat(commands.apiServer())
        .contains("--bind-address=127.0.0.1", "--secure-port=6443")
        .contains("--etcd-servers=http://127.0.0.1:2379");
    assertThat(commands.controllerManager())
        .contains("--bind-address=127.0.0.1", "--secure-port=10257");
    assertThat(commands.scheduler()).contains("--bind-address=127.0.0.1", "--secure-port=10259");
  }

  @Test
  void noComponentListensOnAnyOtherAddress() {
    assertThat(allArguments()).noneMatch(a -> a.contains("0.0.0.0"));
    assertThat(commands.kwok()).noneMatch(a -> a.startsWith("--server-address"));
  }

  @Test
  void clientsUseTheClusterKubeconfig() {
    for (List<String> command :
        List.of(commands.controllerManager(), commands.scheduler(), commands.kwok())) {
      assertThat(command).contains("--kubeconfig=" + root.resolve("kubeconfig"));
    }
  }

  @Test
  void binariesComeFromTheBinariesFolder() {
    assertThat(
            Stream.of(
                    commands.etcd(),
                    commands.apiServer(),
                    commands.controllerManager(),
                    commands.scheduler(),
                    commands.kwok())
                .map(c -> c.get(0)))
        .allMatch(binary -> binary.startsWith("/opt/k8s/"));
  }

  @Test
  void kwokManagesOnlyTheAnnotatedFakeNodes() {
    assertThat(commands.kwok())
        .contains(
            "--manage-all-nodes=false",
            "--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake",
            "--config=" + root.resolve("kwok-stages.yaml"));
  }

  @Test
  void layoutRejectsSharedPorts() {
    assertThatThrownBy(() -> new ClusterLayout(root, 2379, 2379, 6443, 10257, 10259))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("distinct");
  }

  @Test
  void freePortsAreDistinct() {
    ClusterLayout free = ClusterLayout.onFreePorts(root);
    assertThat(
            List.of(
                free.etcdPort(),
                free.etcdPeerPort(),
                free.apiServerPort(),
                free.controllerManagerPort(),
                free.schedulerPort()))
        .doesNotHaveDuplicates()
        .allMatch(port -> port > 0);
  }

  private List<String> allArguments() {
    return Stream.of(
            commands.etcd(),
            commands.apiServer(),
            commands.controllerManager(),
            commands.scheduler(),
            commands.kwok())
        .flatMap(List::stream)
        .toList();
  }
}
