package io.webserveroperator.kube;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads an object from JSON tokens straight into the form the caches keep ({@link CompactJson}):
 * its content as read-only compact maps and lists with shared strings, its metadata as fabric8's
 * bean. fabric8 would read it into {@code LinkedHashMap}s, which the caches then copied; a watch
 * event went through a JSON tree before that: three forms of every object for the one kept.
 *
 * <p>Every object the operator's client reads is in this form, cached or not, so no reader of an
 * answer can change it: a reader that needs a changed copy converts it ({@link ResourceMaps}).
 */
final class CompactResourceDeserializer extends StdDeserializer<GenericKubernetesResource> {

  CompactResourceDeserializer() {
    super(GenericKubernetesResource.class);
  }

  @Override
  public GenericKubernetesResource deserialize(JsonParser parser, DeserializationContext context)
      throws IOException {
    GenericKubernetesResource resource = new GenericKubernetesResource();
    JsonToken token = parser.currentToken();
    if (token == JsonToken.START_OBJECT) {
      token = parser.nextToken();
    }
    for (; token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
      String field = parser.currentName();
      JsonToken value = parser.nextToken();
      switch (field) {
        case "apiVersion" -> resource.setApiVersion(CompactJson.shared(parser.getValueAsString()));
        case "kind" -> resource.setKind(CompactJson.shared(parser.getValueAsString()));
        case "metadata" ->
            resource.setMetadata(
                value == JsonToken.VALUE_NULL ? null : context.readValue(parser, ObjectMeta.class));
        default -> resource.setAdditionalProperty(field, value(parser, context));
      }
    }
    if (token != JsonToken.END_OBJECT) {
      return (GenericKubernetesResource) context.handleUnexpectedToken(handledType(), parser);
    }
    CompactJson.compactMetadata(resource.getMetadata());
    return resource;
  }

  /** The value at the parser's current token, as {@code UntypedObjectDeserializer} reads it. */
  private static Object value(JsonParser parser, DeserializationContext context)
      throws IOException {
    return switch (parser.currentToken()) {
      case START_OBJECT -> object(parser, context);
      case START_ARRAY -> array(parser, context);
      case VALUE_STRING -> CompactJson.shared(parser.getText());
      case VALUE_NUMBER_INT -> parser.getNumberValue();
      case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      case VALUE_EMBEDDED_OBJECT -> parser.getEmbeddedObject();
      default -> context.handleUnexpectedToken(Object.class, parser);
    };
  }

  private static Object object(JsonParser parser, DeserializationContext context)
      throws IOException {
    Object[] keysAndValues = new Object[8];
    int size = 0;
    for (JsonToken token = parser.nextToken();
        token == JsonToken.FIELD_NAME;
        token = parser.nextToken()) {
      if (size == keysAndValues.length) {
        keysAndValues = Arrays.copyOf(keysAndValues, size * 2);
      }
      keysAndValues[size++] = parser.currentName();
      parser.nextToken();
      keysAndValues[size++] = value(parser, context);
    }
    return CompactJson.CompactMap.of(Arrays.copyOf(keysAndValues, size));
  }

  private static List<Object> array(JsonParser parser, DeserializationContext context)
      throws IOException {
    ArrayList<Object> items = new ArrayList<>();
    for (JsonToken token = parser.nextToken();
        token != JsonToken.END_ARRAY;
        token = parser.nextToken()) {
      items.add(value(parser, context));
    }
    return CompactJson.readOnly(items);
  }
}
