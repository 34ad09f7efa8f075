package io.webserveroperator.crd;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Fills in a structural schema's {@code default:} values as the API server does when it decodes a
 * custom resource (apiextensions-apiserver's {@code structuraldefaulting}): first a {@code null}
 * that the schema neither allows ({@code nullable}) nor defaults is dropped, then every missing
 * property, and every {@code null} one that is not nullable, takes a copy of its default, and the
 * values below are defaulted in turn, defaults included. So an object defaulted to {@code {}} gets
 * its own fields' defaults. Modifies the tree it is given.
 */
final class StructuralDefaults {

  private StructuralDefaults() {}

  /** Drops non-nullable nulls without a default, then defaults {@code value} by {@code schema}. */
  static void apply(Object value, Map<String, Object> schema) {
    pruneNulls(value, schema);
    defaults(value, schema);
  }

  private static void pruneNulls(Object value, Map<String, Object> schema) {
    if (schema == null) {
      return;
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> properties = Schemas.properties(schema);
      Map<String, Object> additional = Schemas.additionalProperties(schema);
      for (Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator(); it.hasNext(); ) {
        Map.Entry<?, ?> entry = it.next();
        Map<String, Object> child =
            properties.containsKey(String.valueOf(entry.getKey()))
                ? Schemas.map(properties.get(String.valueOf(entry.getKey())))
                : additional;
        if (child == null) {
          continue;
        }
        if (entry.getValue() == null) {
          if (!Schemas.nullable(child) && !child.containsKey("default")) {
            it.remove();
          }
        } else {
          pruneNulls(entry.getValue(), child);
        }
      }
    } else if (value instanceof List<?> list) {
      Map<String, Object> items = Schemas.items(schema);
      if (items != null) {
        list.forEach(item -> pruneNulls(item, items));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void defaults(Object value, Map<String, Object> schema) {
    if (schema == null) {
      return;
    }
    if (value instanceof Map<?, ?> untyped) {
      Map<String, Object> map = (Map<String, Object>) untyped;
      Schemas.properties(schema)
          .forEach(
              (name, property) -> {
                Map<String, Object> child = Schemas.map(property);
                if (child != null
                    && child.containsKey("default")
                    && (!map.containsKey(name) || nonNullableNull(map.get(name), child))) {
                  map.put(name, UntypedMaps.deepCopy(child.get("default")));
                }
              });
      Map<String, Object> properties = Schemas.properties(schema);
      Map<String, Object> additional = Schemas.additionalProperties(schema);
      for (String key : new ArrayList<>(map.keySet())) {
        if (properties.containsKey(key)) {
          defaults(map.get(key), Schemas.map(properties.get(key)));
        } else if (additional != null) {
          if (nonNullableNull(map.get(key), additional) && additional.containsKey("default")) {
            map.put(key, UntypedMaps.deepCopy(additional.get("default")));
          }
          defaults(map.get(key), additional);
        }
      }
    } else if (value instanceof List<?> untyped) {
      List<Object> list = (List<Object>) untyped;
      Map<String, Object> items = Schemas.items(schema);
      if (items == null) {
        return;
      }
      for (int i = 0; i < list.size(); i++) {
        if (nonNullableNull(list.get(i), items) && items.containsKey("default")) {
          list.set(i, UntypedMaps.deepCopy(items.get("default")));
        }
        defaults(list.get(i), items);
      }
    }
  }

  private static boolean nonNullableNull(Object value, Map<String, Object> schema) {
    return value == null && !Schemas.nullable(schema);
  }
}
