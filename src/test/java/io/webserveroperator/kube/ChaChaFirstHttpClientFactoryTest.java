package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;

class ChaChaFirstHttpClientFactoryTest {

  @Test
  void offersTheJdksChaCha20SuitesFirstAndKeepsEveryOtherInItsOrder() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, null, null);
    SSLEngine engine = context.createSSLEngine();
    engine.setUseClientMode(true);
    // As netty's defaults: AES-GCM only.
    engine.setEnabledCipherSuites(
        new String[] {"TLS_AES_128_GCM_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"});

    String[] offered =
        ChaChaFirstHttpClientFactory.preferred(
            engine.getEnabledCipherSuites(), engine.getSupportedCipherSuites());
    engine.setEnabledCipherSuites(offered);

    assertThat(engine.getEnabledCipherSuites())
        .containsExactly(
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256");
  }

  @Test
  void offersNoSuiteTheEngineDoesNotSupportAndNoneTwice() {
    String[] offered =
        ChaChaFirstHttpClientFactory.preferred(
            new String[] {"TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256"},
            new String[] {"TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256"});

    assertThat(Arrays.asList(offered))
        .isEqualTo(List.of("TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_GCM_SHA256"));
  }
}
