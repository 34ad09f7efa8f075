package io.webserveroperator.kube;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import java.io.IOException;

/**
 * Reads a watch event's object with {@link CompactResourceDeserializer}, straight from the stream.
 * fabric8's own reads the object into a JSON tree first, to learn its kind and pick its class;
 * every object here is a {@code GenericKubernetesResource} but the {@code Status} an ERROR event
 * carries, which must be read as one: that is how a watch learns its resource version expired (410
 * Gone) and lists again.
 */
final class WatchEventDeserializer extends StdDeserializer<WatchEvent> {

  private final CompactResourceDeserializer objects = new CompactResourceDeserializer();

  WatchEventDeserializer() {
    super(WatchEvent.class);
  }

  @Override
  public WatchEvent deserialize(JsonParser parser, DeserializationContext context)
      throws IOException {
    String type = null;
    Object object = null;
    TokenBuffer objectBeforeType = null;
    JsonToken token = parser.currentToken();
    if (token == JsonToken.START_OBJECT) {
      token = parser.nextToken();
    }
    for (; token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
      String field = parser.currentName();
      parser.nextToken();
      switch (field) {
        case "type" -> type = parser.getValueAsString();
        case "object" -> {
          // The API server writes the type first; should it not, the object waits for it.
          if (type == null) {
            objectBeforeType = context.bufferAsCopyOfValue(parser);
          } else {
            object = object(type, parser, context);
          }
        }
        default -> parser.skipChildren();
      }
    }
    if (objectBeforeType != null) {
      try (JsonParser buffered = objectBeforeType.asParserOnFirstToken()) {
        object = object(type, buffered, context);
      }
    }
    return new WatchEvent(object, type);
  }

  private Object object(String type, JsonParser parser, DeserializationContext context)
      throws IOException {
    if (parser.currentToken() == JsonToken.VALUE_NULL) {
      return null;
    }
    return "ERROR".equals(type)
        ? context.readValue(parser, Status.class)
        : objects.deserialize(parser, context);
  }
}
