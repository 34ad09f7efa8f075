package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a resource read from the cluster stands in a rollout ({@code members.yaml}). */
class RolloutMemberTest {

  @Test
  void readsTheRevisionItsStatusNamesAndWhetherItIsReadyForItsSpec() throws IOException {
    RolloutMember member = RolloutMember.of(resource("onTargetAndReady"), false);

    assertThat(member.name()).isEqualTo("shop/web");
    assertThat(member.revision()).contains("4b1d2e3f5a");
    assertThat(member.applied()).isTrue();
    assertThat(member.ready()).isTrue();
    assertThat(member.on("4b1d2e3f5a")).isTrue();
    assertThat(member.moves()).isTrue();
  }

  @Test
  void aStatusAboutAnEarlierSpecIsNeitherAppliedNorReady() throws IOException {
    RolloutMember member = RolloutMember.of(resource("editedSinceItsLastApply"), false);

    assertThat(member.applied()).isFalse();
    assertThat(member.ready()).isFalse();
    assertThat(member.on("4b1d2e3f5a")).isFalse();
  }

  @Test
  void aPinnedCanaryComesFirstAndDoesNotMove() throws IOException {
    RolloutMember member = RolloutMember.of(resource("pinnedCanary"), false);

    assertThat(member.position()).isEqualTo(new RolloutOrder(true, "shop", "legacy"));
    assertThat(member.pin()).contains("2");
    assertThat(member.moves()).isFalse();
  }

  @Test
  void aNewResourceIsOnNoRevision() throws IOException {
    RolloutMember member = RolloutMember.of(resource("new"), false);

    assertThat(member.revision()).isEqualTo(Optional.empty());
    assertThat(member.moves()).isTrue();
  }

  @Test
  void aDisabledOrDeletedResourceDoesNotMove() throws IOException {
    assertThat(RolloutMember.of(resource("new"), true).moves()).isFalse();
    assertThat(RolloutMember.of(resource("beingDeleted"), false).moves()).isFalse();
  }

  private static GenericKubernetesResource resource(String key) throws IOException {
    try (InputStream in = RolloutMemberTest.class.getResourceAsStream("members.yaml")) {
      Map<?, ?> all = new YAMLMapper().readValue(in, Map.class);
      return new ObjectMapper().convertValue(all.get(key), GenericKubernetesResource.class);
    }
  }
}
