package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Waits;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Static shards, as Flux-style set-ups write them: {@code --shard east} and {@code --shard west}
 * each reconcile only the WebServers the user labelled with their name, stamp that label on the
 * children, and leave an unlabelled WebServer to an unsharded operator.
 */
class StaticShardIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("static");

  @Test
  void eachShardReconcilesOnlyTheWebServersLabelledWithItsName() {
    Operator east = cluster.operator().options(o -> o.shards(ShardOptions.fixed("east"))).start();
    Operator west = cluster.operator().options(o -> o.shards(ShardOptions.fixed("west"))).start();
    create("web-east", "east");
    create("web-west", "west");
    create("web-none", null);

    Waits.untilAsserted(
        () -> {
          assertThat(shardOf("web-east")).as("web-east's shard").isNotNull();
          assertThat(shardOf("web-west")).as("web-west's shard").isNotNull();
        });
    assertThat(shardOf("web-east")).isEqualTo("east");
    assertThat(shardOf("web-west")).isEqualTo("west");
    Waits.await("web-none left alone")
        .during(Duration.ofSeconds(3))
        .untilAsserted(
            () -> {
              assertThat(cluster.deployment("web-none")).as("unlabelled, no shard's").isNull();
              assertThat(cluster.webServers().status("web-none")).isEmpty();
            });
    assertThat(east.metrics().scrape())
        .contains(
            "webserver_operator_shard_resources{operator=\"webserver-operator\",shard=\"east\"} 1.0");
    assertThat(west.metrics().scrape())
        .contains(
            "webserver_operator_shard_resources{operator=\"webserver-operator\",shard=\"west\"} 1.0");
  }

  private void create(String name, String shard) {
    GenericKubernetesResource resource =
        cluster.webServers().build(name, Map.of("image", "nginx", "replicas", 1));
    if (shard != null) {
      resource.getMetadata().setLabels(Map.of(ManagedLabels.SHARD, shard));
    }
    cluster.admin().resource(resource).create();
  }

  private String shardOf(String webServer) {
    Deployment deployment = cluster.deployment(webServer);
    return deployment == null
        ? null
        : deployment.getMetadata().getLabels().get(ManagedLabels.SHARD);
  }
}
