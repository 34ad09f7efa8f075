package io.webserveroperator.dev;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Registers the Nodes that kwok pretends to be the kubelet of, and waits until they are Ready. */
final class FakeNodes {

  private final KubernetesClient client;

  FakeNodes(KubernetesClient client) {
    this.client = client;
  }

  /** The name of the fake node with the given index, counted from 0. */
  static String name(int index) {
    return "kwok-node-" + index;
  }

  /** Creates {@code count} nodes and returns their names. */
  List<String> register(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = name(i);
      Node node =
          new NodeBuilder()
              .withNewMetadata()
              .withName(name)
              .addToAnnotations(ComponentCommands.KWOK_NODE_ANNOTATION, "fake")
              .addToAnnotations("node.alpha.kubernetes.io/ttl", "0")
              .addToLabels("kubernetes.io/hostname", name)
              .addToLabels("kubernetes.io/os", "linux")
              .addToLabels("kubernetes.io/arch", "amd64")
              .addToLabels("type", "kwok")
              .endMetadata()
              .build();
      client.nodes().resource(node).create();
      names.add(name);
    }
    return names;
  }

  /** Blocks until every named node has the condition Ready=True, failing early if kwok exits. */
  void awaitReady(List<String> names, ManagedProcess kwok, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      kwok.requireAlive();
      if (names.stream().allMatch(this::isReady)) {
        return;
      }
      HealthProbe.sleep(Duration.ofMillis(200));
    }
    throw new DevClusterException(
        "The fake nodes "
            + names
            + " did not become Ready within "
            + timeout.toSeconds()
            + " s; see kwok's log "
            + kwok.log()
            + ":\n"
            + kwok.logTail(20));
  }

  private boolean isReady(String name) {
    Node node = client.nodes().withName(name).get();
    return node != null
        && node.getStatus() != null
        && node.getStatus().getConditions() != null
        && node.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
