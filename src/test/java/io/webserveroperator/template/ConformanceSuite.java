package io.webserveroperator.template;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The conformance cases as committed: {@code conformance/cases/*.yaml} with their Jinja2 results
 * from {@code conformance/jinja2/*.yaml} and the resource of {@code conformance/resource.yaml}.
 *
 * @param base the resource every case renders, without its spec
 * @param cases every case, by topic file and then in file order
 * @param orphans Jinja2 results whose case no longer exists ({@code topic/name})
 */
record ConformanceSuite(
    Map<String, Object> base, List<ConformanceCase> cases, List<String> orphans) {

  static final String FOLDER = "conformance";

  static ConformanceSuite load() {
    Map<String, Object> base = Fixtures.yaml(FOLDER + "/resource.yaml");
    List<ConformanceCase> cases = new ArrayList<>();
    List<String> orphans = new ArrayList<>();
    for (Path file : topicFiles()) {
      String topic = file.getFileName().toString().replaceFirst("\\.yaml$", "");
      Map<String, Map<String, Object>> results = results(topic);
      for (Map<String, Object> raw : read(file)) {
        String name = string(raw.get("name"));
        cases.add(toCase(topic, raw, results.remove(name)));
      }
      results.keySet().forEach(name -> orphans.add(topic + "/" + name));
    }
    return new ConformanceSuite(base, List.copyOf(cases), List.copyOf(orphans));
  }

  private static List<Path> topicFiles() {
    try (Stream<Path> files = Files.list(Fixtures.path(FOLDER + "/cases"))) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> read(Path file) {
    try {
      return Fixtures.YAML.readValue(file.toFile(), List.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> results(String topic) {
    String relative = FOLDER + "/jinja2/" + topic + ".yaml";
    if (ConformanceSuite.class.getResource(relative) == null) {
      return new LinkedHashMap<>();
    }
    Map<String, Map<String, Object>> results = new LinkedHashMap<>();
    Fixtures.yaml(relative)
        .forEach((name, result) -> results.put(name, (Map<String, Object>) result));
    return results;
  }

  @SuppressWarnings("unchecked")
  private static ConformanceCase toCase(
      String topic, Map<String, Object> raw, Map<String, Object> result) {
    Set<String> unknown = new LinkedHashSet<>(raw.keySet());
    unknown.removeAll(ConformanceCase.KEYS);
    Map<String, String> files = new LinkedHashMap<>();
    if (raw.get("files") instanceof Map<?, ?> partials) {
      partials.forEach((k, v) -> files.put(String.valueOf(k), String.valueOf(v)));
    }
    Map<String, Object> spec =
        raw.get("spec") instanceof Map<?, ?> map
            ? new LinkedHashMap<>((Map<String, Object>) map)
            : new LinkedHashMap<>();
    ConformanceCase.Status status;
    try {
      status = ConformanceCase.Status.parse(raw.get("status"));
    } catch (IllegalArgumentException e) {
      status = null;
    }
    return new ConformanceCase(
        topic,
        string(raw.get("name")),
        string(raw.get("template")),
        files,
        spec,
        status,
        string(raw.get("error")),
        raw.get("line") instanceof Number number ? number.intValue() : null,
        string(raw.get("partial")),
        string(raw.get("why")),
        string(raw.get("note")),
        raw.get("issue") instanceof Number n ? n.intValue() : null,
        string(raw.get("engine")),
        string(raw.get("via")),
        result == null
            ? null
            : new ConformanceCase.Jinja2Result(
                string(result.get("hash")),
                string(result.get("output")),
                string(result.get("error"))),
        unknown);
  }

  private static String string(Object value) {
    return value == null ? null : value.toString();
  }
}
