package io.webserveroperator.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The one rule {@code run}, {@code rollout status} and {@code diff --template-revision} share for
 * the operator's namespace: the flag, else POD_NAMESPACE, else the client's context, else default.
 */
class OperatorNamespaceOptionTest {

  @Command
  static final class Holder {
    @Mixin OperatorNamespaceOption option;
  }

  @Test
  void theFlagWinsOverTheContext() {
    try (KubernetesClient client = client("shop")) {
      assertThat(parse("--operator-namespace", "ops").namespace(client)).isEqualTo("ops");
    }
  }

  @Test
  void withoutTheFlagOrPodNamespaceItIsTheContextsNamespaceAsWhereRunKeepsThem() {
    // Where POD_NAMESPACE is set (in a pod) it is the default value of the flag.
    assumeTrue(System.getenv("POD_NAMESPACE") == null);
    try (KubernetesClient shop = client("shop");
        KubernetesClient none = client(null)) {
      assertThat(parse().namespace(shop)).isEqualTo("shop");
      assertThat(parse().namespace(none)).isEqualTo("default");
    }
  }

  private static OperatorNamespaceOption parse(String... args) {
    Holder holder = new Holder();
    new CommandLine(holder).parseArgs(args);
    return holder.option;
  }

  private static KubernetesClient client(String namespace) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder()
                .withAutoConfigure(false)
                .withMasterUrl("https://127.0.0.1:1")
                .withNamespace(namespace)
                .build())
        .build();
  }
}
