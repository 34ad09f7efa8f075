package io.webserveroperator.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonPatchesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The tree of a value is the one its JSON text reads back as, node type by node type. */
  @Test
  void treesAreThoseOfTheValuesJsonText() throws Exception {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("int", 3);
    value.put("long", 3L);
    value.put("wideLong", 1L << 40);
    value.put("short", (short) 7);
    value.put("big", new BigInteger("123456789012345678901234567890"));
    value.put("smallBig", BigInteger.TEN);
    value.put("double", 2.5);
    value.put("wholeDouble", 3.0);
    value.put("float", 1.1f);
    value.put("decimal", new BigDecimal("4"));
    value.put("text", "x");
    value.put("flag", true);
    value.put("nothing", null);
    value.put("list", Arrays.asList(1, "a", null, List.of(2L)));
    value.put("map", Map.of("k", Map.of()));

    JsonNode direct = JsonPatches.tree(value);
    JsonNode viaText = JSON.readTree(JSON.writeValueAsBytes(value));

    assertThat(direct).isEqualTo(viaText);
    direct
        .fields()
        .forEachRemaining(
            field ->
                assertThat(field.getValue().getNodeType())
                    .as(field.getKey())
                    .isEqualTo(viaText.get(field.getKey()).getNodeType()));
    assertThat(direct.get("long").isInt()).isTrue();
    assertThat(direct.get("wideLong").isLong()).isTrue();
    assertThat(direct.get("decimal").isInt()).isEqualTo(viaText.get("decimal").isInt());
  }

  @Test
  void anIntegerAndALongOfOneValueAreNoDifference() {
    assertThat(JsonPatches.between(Map.of("a", 1), Map.of("a", 1L))).isEmpty();
    assertThat(JsonPatches.between(Map.of("a", 1), Map.of("a", 2L))).hasSize(1);
  }
}
