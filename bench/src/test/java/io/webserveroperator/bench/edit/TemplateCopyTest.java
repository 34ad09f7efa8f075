package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemplateCopyTest {

  @TempDir Path temp;

  @Test
  void theCopyGetsTheRolloutPolicyAndLosesItAgain() {
    TemplateCopy copy = TemplateCopy.of(Project.file("templates"), temp.resolve("templates"));
    RolloutPolicy policy =
        new RolloutPolicy(
            List.of(new RolloutStep.Count(1), new RolloutStep.Percent(10)),
            Duration.ofMinutes(30),
            2);

    assertThat(copy.rollout(Optional.of(policy))).contains(policy);
    assertThat(copy.rollout(Optional.empty())).isEmpty();
  }

  @Test
  void anEditIsANewRevisionWhoseHashIsKnownBeforeItIsWritten() throws IOException {
    TemplateCopy copy = TemplateCopy.of(Project.file("templates"), temp.resolve("templates"));
    String original = copy.hash();

    String first = copy.hashAfterEdit(1);
    assertThat(copy.hash()).isEqualTo(original);

    copy.edit(1);

    assertThat(first).isNotEqualTo(original).isEqualTo(copy.hash());
    assertThat(Files.readString(copy.root().resolve("webserver/deployment.yaml.j2")))
        .contains("- name: BENCH_TEMPLATE_EDIT");
    copy.edit(2);
    assertThat(copy.hash()).isNotEqualTo(first);
    assertThat(copy.hashAfterEdit(1)).isEqualTo(first);
    assertThat(Files.readString(Project.file("templates/webserver/deployment.yaml.j2")))
        .doesNotContain("BENCH_TEMPLATE_EDIT");
    try (var left = Files.list(temp)) {
      assertThat(left).containsExactly(temp.resolve("templates"));
    }
  }
}
