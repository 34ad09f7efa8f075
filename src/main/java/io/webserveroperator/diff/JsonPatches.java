package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.zjsonpatch.DiffFlags;
import io.fabric8.zjsonpatch.JsonDiff;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumSet;

/** RFC 6902 patches between plain values, the one way every part of the operator computes them. */
public final class JsonPatches {

  /** Plain add, remove and replace: move and copy operations are correct but hard to read. */
  private static final EnumSet<DiffFlags> FLAGS =
      EnumSet.of(
          DiffFlags.OMIT_VALUE_ON_REMOVE,
          DiffFlags.OMIT_MOVE_OPERATION,
          DiffFlags.OMIT_COPY_OPERATION);

  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonPatches() {}

  /** The patch that turns {@code from} into {@code to}; an empty array when they are equal. */
  public static JsonNode between(Object from, Object to) {
    return JsonDiff.asJson(tree(from), tree(to), FLAGS);
  }

  /**
   * Through text and back, so that 1 held as an Integer and 1 held as a Long are the same node:
   * otherwise equal values would differ by number width alone.
   */
  private static JsonNode tree(Object value) {
    try {
      return JSON.readTree(JSON.writeValueAsBytes(value));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
