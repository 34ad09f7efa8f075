package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.zjsonpatch.DiffFlags;
import io.fabric8.zjsonpatch.JsonDiff;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/** RFC 6902 patches between plain values, the one way every part of the operator computes them. */
public final class JsonPatches {

  /** Plain add, remove and replace: move and copy operations are correct but hard to read. */
  private static final EnumSet<DiffFlags> FLAGS =
      EnumSet.of(
          DiffFlags.OMIT_VALUE_ON_REMOVE,
          DiffFlags.OMIT_MOVE_OPERATION,
          DiffFlags.OMIT_COPY_OPERATION);

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonPatches() {}

  /** The patch that turns {@code from} into {@code to}; an empty array when they are equal. */
  public static JsonNode between(Object from, Object to) {
    return JsonDiff.asJson(tree(from), tree(to), FLAGS);
  }

  /**
   * The value as JSON would read it back: an integral number as an int node when it fits, else a
   * long, so that 1 held as an Integer and 1 held as a Long are the same node (otherwise equal
   * values would differ by number width alone); a fraction as a double. Walked directly: a trip
   * through JSON text cost a status write more than its request.
   */
  static JsonNode tree(Object value) {
    if (value == null) {
      return NODES.nullNode();
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode node = NODES.objectNode();
      map.forEach((key, item) -> node.set(String.valueOf(key), tree(item)));
      return node;
    }
    if (value instanceof List<?> list) {
      ArrayNode node = NODES.arrayNode(list.size());
      list.forEach(item -> node.add(tree(item)));
      return node;
    }
    if (value instanceof String text) {
      return NODES.textNode(text);
    }
    if (value instanceof Boolean bool) {
      return NODES.booleanNode(bool);
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      long number = ((Number) value).longValue();
      return number == (int) number ? NODES.numberNode((int) number) : NODES.numberNode(number);
    }
    if (value instanceof BigInteger big) {
      return big.bitLength() < Long.SIZE ? tree(big.longValue()) : NODES.numberNode(big);
    }
    if (value instanceof Double number) {
      return NODES.numberNode(number.doubleValue());
    }
    // Anything else (a BigDecimal, a Float, a byte): as its JSON text reads.
    try {
      return JSON.readTree(JSON.writeValueAsBytes(value));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
