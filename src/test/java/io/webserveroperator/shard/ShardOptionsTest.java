package io.webserveroperator.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShardOptionsTest {

  @Test
  void withoutShardingTheSelectorIsLeftAsItIs() {
    assertThat(ShardOptions.off().narrow(null)).isNull();
    assertThat(ShardOptions.off().narrow("team=web")).isEqualTo("team=web");
  }

  @Test
  void aShardNarrowsTheSelectorToItsLabel() {
    assertThat(ShardOptions.fixed("east").narrow(null))
        .isEqualTo("webserver-operator.io/shard=east");
    assertThat(ShardOptions.fixed("east").narrow("team=web"))
        .isEqualTo("team=web,webserver-operator.io/shard=east");
  }

  @Test
  void aShardNameMustServeAsLabelValueAndLeaseName() {
    assertThatThrownBy(() -> ShardOptions.automatic("Host_1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'Host_1' is not valid");
    assertThatThrownBy(() -> ShardOptions.fixed("x".repeat(64)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
