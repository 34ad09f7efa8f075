package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OperatorNameTest {

  @Test
  void isADnsLabelSinceItNamesObjectsAndLabelsThem() {
    assertThat(new OperatorName("postgres-operator").value()).isEqualTo("postgres-operator");
    assertThat(new OperatorName("a".repeat(63)).value()).hasSize(63);
    for (String bad : new String[] {"", "Web", "-web", "web-", "web.op", "a".repeat(64)}) {
      assertThatThrownBy(() -> new OperatorName(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("The operator name '" + bad + "' is not valid");
    }
  }

  @Test
  void theDefaultAloneOwnsWhatWasStoredBeforeNamesWereLabelled() {
    OperatorName defaults = OperatorName.defaults();
    OperatorName shop = new OperatorName("shop");

    assertThat(defaults.value()).isEqualTo("webserver-operator");
    assertThat(defaults.owns(null)).isTrue();
    assertThat(defaults.owns("webserver-operator")).isTrue();
    assertThat(defaults.owns("shop")).isFalse();
    assertThat(shop.owns(null)).isFalse();
    assertThat(shop.owns("shop")).isTrue();
    assertThat(shop.owns("webserver-operator")).isFalse();
  }
}
