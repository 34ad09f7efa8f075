package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RollingDeploymentsTest {

  @Test
  void aDeploymentRollsFromItsSpecChangeUntilItsStatusCatchesUp() {
    RollingDeployments rolling = new RollingDeployments();

    rolling.seen("a", 2, 1);
    rolling.seen("b", 2, 1);
    rolling.seen("a", 2, 1);
    assertThat(rolling.now()).isEqualTo(2);

    rolling.seen("a", 2, 2);
    rolling.seen("c", 3, 0);
    rolling.seen("b", 2, 2);

    assertThat(rolling.now()).isEqualTo(1);
    assertThat(rolling.phaseMax()).isEqualTo(2);
  }

  @Test
  void aDeploymentWithoutStatusRollsAndOneDeletedNoLonger() {
    RollingDeployments rolling = new RollingDeployments();

    rolling.seen("a", 1, 0);
    rolling.gone("a");

    assertThat(rolling.now()).isZero();
    assertThat(rolling.phaseMax()).isEqualTo(1);
  }

  @Test
  void resetCountsFromThoseRollingNow() {
    RollingDeployments rolling = new RollingDeployments();
    rolling.seen("a", 1, 0);
    rolling.seen("b", 1, 0);
    rolling.seen("a", 1, 1);

    rolling.reset();

    assertThat(rolling.phaseMax()).isEqualTo(1);
    rolling.seen("b", 1, 1);
    assertThat(rolling.phaseMax()).isEqualTo(1);
  }

  @Test
  void eachStepGetsTheMostRollingSinceTheStepBefore() {
    RollingDeployments rolling = new RollingDeployments();
    rolling.seen("a", 2, 1);
    rolling.seen("a", 2, 2);
    assertThat(rolling.takeStepMax()).isEqualTo(1);

    rolling.seen("b", 2, 1);
    rolling.seen("c", 2, 1);
    rolling.seen("d", 2, 1);
    rolling.seen("b", 2, 2);
    assertThat(rolling.takeStepMax()).isEqualTo(3);

    // Two still rolling when the next step begins count for it too.
    assertThat(rolling.takeStepMax()).isEqualTo(2);
    assertThat(rolling.phaseMax()).isEqualTo(3);
  }
}
