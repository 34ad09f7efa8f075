package io.webserveroperator.diff;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Loads the YAML fixtures beside this package and edits them along dotted paths. */
final class Fixtures {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  private Fixtures() {}

  static Map<String, Object> load(String name) {
    try (InputStream in = open(name)) {
      return YAML.readValue(in, new TypeReference<>() {});
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String text(String name) {
    try (InputStream in = open(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static RenderedObject rendered(String name) {
    return rendered(load(name));
  }

  static RenderedObject rendered(Map<String, Object> body) {
    return new RenderedObject(ObjectRef.of(body), body, "deployment.yaml.j2");
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The value at a dotted path such as {@code spec.template.spec.containers.0.image}. */
  static Object get(Map<String, Object> object, String path) {
    Object current = object;
    for (String segment : path.split("\\.")) {
      current = child(current, segment);
    }
    return current;
  }

  /** The map at a dotted path. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Map<String, Object> object, String path) {
    return (Map<String, Object>) get(object, path);
  }

  @SuppressWarnings("unchecked")
  static void set(Map<String, Object> object, String path, Object value) {
    int dot = path.lastIndexOf('.');
    Object parent = dot < 0 ? object : get(object, path.substring(0, dot));
    String last = path.substring(dot + 1);
    if (parent instanceof List<?> list) {
      ((List<Object>) list).set(Integer.parseInt(last), value);
    } else {
      ((Map<String, Object>) parent).put(last, value);
    }
  }

  @SuppressWarnings("unchecked")
  static void remove(Map<String, Object> object, String path) {
    int dot = path.lastIndexOf('.');
    ((Map<String, Object>) get(object, path.substring(0, dot))).remove(path.substring(dot + 1));
  }

  private static Object child(Object parent, String segment) {
    if (parent instanceof List<?> list) {
      return list.get(Integer.parseInt(segment));
    }
    if (parent instanceof Map<?, ?> map && map.containsKey(segment)) {
      return map.get(segment);
    }
    throw new IllegalArgumentException("no " + segment + " in " + parent);
  }

  private static InputStream open(String name) {
    InputStream in = Fixtures.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalArgumentException("no fixture " + name);
    }
    return in;
  }
}
