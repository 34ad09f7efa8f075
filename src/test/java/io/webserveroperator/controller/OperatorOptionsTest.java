package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.shard.ShardOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperatorOptionsTest {

  private final OperatorOptions defaults = OperatorOptions.defaults(Path.of("templates"));

  @Test
  void builderChangesTheNamedOptionsAndKeepsEveryOther() {
    OperatorOptions changed =
        defaults.toBuilder().workers(3).namespaces(List.of("shop")).healthPort(0).build();

    assertThat(changed)
        .isEqualTo(
            new OperatorOptions(
                defaults.templates(),
                defaults.name(),
                defaults.operatorNamespace(),
                List.of("shop"),
                defaults.labelSelector(),
                3,
                defaults.resync(),
                0,
                defaults.leaderElection(),
                defaults.shards()));
    assertThat(defaults.toBuilder().build()).isEqualTo(defaults);
  }

  @Test
  void builtOptionsAreValidatedAsTheConstructorDoes() {
    assertThatThrownBy(() -> defaults.toBuilder().workers(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("workers");
    assertThatThrownBy(
            () -> defaults.toBuilder().shards(ShardOptions.automatic("replica-1")).build())
        .hasMessageContaining("leader election");
  }

  @Test
  void leaderElectionBuilderKeepsTheLeaseAndChecksItsTimings() {
    LeaderElectionOptions election = defaults.leaderElection();

    LeaderElectionOptions on = election.toBuilder().enabled(true).build();

    assertThat(on.enabled()).isTrue();
    assertThat(on.toBuilder().enabled(false).build()).isEqualTo(election);
    assertThatThrownBy(() -> election.toBuilder().renewDeadline(Duration.ofSeconds(20)).build())
        .hasMessageContaining("must be longer than the renew deadline");
  }
}
