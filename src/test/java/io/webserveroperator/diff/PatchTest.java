package io.webserveroperator.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PatchTest {

  @Test
  void computedOperationsAreThoseOfTheMapsAsTheyWereGiven() {
    Patch patch = Patch.between(Map.of("a", 1), Map.of("a", 2, "b", "x"));

    assertThat(patch.isEmpty()).isFalse();
    assertThat(patch.operations().toString())
        .isEqualTo(
            "[{\"op\":\"replace\",\"path\":\"/a\",\"value\":2},"
                + "{\"op\":\"add\",\"path\":\"/b\",\"value\":\"x\"}]");
    assertThat(patch.operations()).isSameAs(patch.operations());
  }

  @Test
  void aComputedPatchEqualsTheSameOperationsGiven() {
    Patch computed = Patch.between(Map.of(), Map.of("a", 1));

    assertThat(computed).isEqualTo(Patch.of(computed.operations().deepCopy()));
    assertThat(Patch.EMPTY).isEqualTo(Patch.of(JsonNodeFactory.instance.arrayNode()));
  }

  @Test
  void operationsMustBeAnArray() {
    assertThatThrownBy(() -> Patch.of(JsonNodeFactory.instance.objectNode()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("JSON array");
  }
}
