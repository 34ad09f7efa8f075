package io.webserveroperator.dev;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.Config;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** The kubeconfig is one that fabric8 (and so kubectl's format) reads back as written. */
class KubeConfigTest {

  static final String PEM = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n";

  @Test
  void fabric8ReadsServerTokenAndNamespace() {
    KubeConfig kubeConfig = new KubeConfig(URI.create("https://127.0.0.1:6443"), PEM, "secret");

    Config config = Config.fromKubeconfig(kubeConfig.toYaml());

    assertThat(config.getMasterUrl()).startsWith("https://127.0.0.1:6443");
    assertThat(config.getAutoOAuthToken()).isEqualTo("secret");
    assertThat(config.getNamespace()).isEqualTo("default");
    assertThat(config.getCaCertData()).isNotBlank();
  }
}
