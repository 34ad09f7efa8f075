package io.webserveroperator.template;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.webserveroperator.template.output.OutputParser;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.output.ResourceStrings;
import io.webserveroperator.template.output.SourceLines;
import io.webserveroperator.template.python.TemplateFailure;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * What a template gave: YAML documents as data, or a failure. Two outcomes are the same when their
 * documents are equal as data (map order and number types aside), or when both failed cleanly.
 *
 * @param documents the documents, numbers normalised; null when it failed
 * @param failure the error message; null when it rendered
 * @param clear whether the failure is a deliberate error (Jinja2's exception, the engine's
 *     RenderException) rather than a crash such as a ClassCastException
 */
record Outcome(List<Object> documents, String failure, boolean clear) {

  static Outcome of(List<Object> documents) {
    return new Outcome(normalise(documents), null, true);
  }

  static Outcome failed(String message, boolean clear) {
    return new Outcome(null, message, clear);
  }

  /** The documents of rendered text, read as the engine reads its own output. */
  static Outcome ofText(String text) {
    try {
      return of(
          OutputParser.parse(SourceLines.strip(text), new PrintedValues(ResourceStrings.of(null))));
    } catch (TemplateFailure e) {
      return failed(e.getMessage(), true);
    }
  }

  /**
   * The documents of rendered text as a YAML 1.1 reader reads them (SnakeYAML, like kubectl and
   * PyYAML), to which {@code 0x1F}, {@code 12:30} or an empty value are not strings; empty
   * documents are left out, as the engine leaves them out.
   */
  static Outcome ofYaml11Text(String text) {
    List<Object> documents = new ArrayList<>();
    try {
      for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(text)) {
        boolean empty =
            document == null
                || (document instanceof Map<?, ?> map && map.isEmpty())
                || (document instanceof String blank && blank.isBlank());
        if (!empty) {
          documents.add(document);
        }
      }
    } catch (RuntimeException e) {
      return failed(text + " does not read as YAML 1.1: " + e, false);
    }
    return of(documents);
  }

  boolean rendered() {
    return failure == null;
  }

  boolean sameAs(Outcome other) {
    if (!rendered() || !other.rendered()) {
      return !rendered() && !other.rendered() && clear && other.clear;
    }
    return Objects.equals(documents, other.documents);
  }

  /** One line: the documents as JSON, or the failure. */
  String describe() {
    if (!rendered()) {
      return (clear ? "fails: " : "crashes: ") + failure;
    }
    try {
      return Fixtures.JSON.writeValueAsString(documents.size() == 1 ? documents.get(0) : documents);
    } catch (JsonProcessingException e) {
      return String.valueOf(documents);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T normalise(T value) {
    Object result;
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(String.valueOf(k), normalise(v)));
      result = copy;
    } else if (value instanceof Collection<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(item -> copy.add(normalise(item)));
      result = copy;
    } else if (value instanceof BigDecimal || value instanceof Double || value instanceof Float) {
      result = ((Number) value).doubleValue();
    } else if (value instanceof Number number) {
      result = new BigInteger(number.toString());
    } else {
      result = value;
    }
    return (T) result;
  }
}
