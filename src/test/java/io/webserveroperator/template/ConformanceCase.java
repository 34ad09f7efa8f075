package io.webserveroperator.template;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One case of the Jinja2 conformance suite: a template and a spec, the engine-side verdict written
 * by hand in {@code conformance/cases/TOPIC.yaml}, and what real Jinja2 gave for it, generated into
 * {@code conformance/jinja2/TOPIC.yaml} by {@code hack/jinja2-fixtures.sh}.
 *
 * @param topic the file the case is in, without {@code .yaml}
 * @param name unique within its topic
 * @param template the template text
 * @param files partials ({@code _name.yaml.j2}) the template includes or imports
 * @param spec the resource's spec
 * @param status what the engine does with the case
 * @param error refused: what the engine's error must contain; known-different: what it will contain
 *     once the engine refuses the case, as it should
 * @param line refused, optionally: the line the error must name (else any line)
 * @param partial with {@code line}: the partial of {@code files} that line is in, else the template
 * @param why intended: why the engine differs on purpose
 * @param note known-different: what the engine does instead
 * @param issue known-different: the issue that tracks the difference
 * @param engine intended, optionally known-different: YAML the engine's documents must equal (now,
 *     or once fixed), when that is not what Jinja2 gives
 * @param via {@code render}: the engine's documents as the {@code render} command prints them and
 *     Jinja2's output are both read by a YAML 1.1 reader, as kubectl reads what it applies
 * @param jinja2 what Jinja2 rendered, or null when the case has not been generated
 * @param unknownKeys keys of the case that mean nothing (typos)
 */
record ConformanceCase(
    String topic,
    String name,
    String template,
    Map<String, String> files,
    Map<String, Object> spec,
    Status status,
    String error,
    Integer line,
    String partial,
    String why,
    String note,
    Integer issue,
    String engine,
    String via,
    Jinja2Result jinja2,
    Set<String> unknownKeys) {

  /** What the engine does with a case. */
  enum Status {
    IDENTICAL,
    REFUSED,
    INTENDED,
    KNOWN_DIFFERENT;

    static Status parse(Object text) {
      return text == null ? IDENTICAL : valueOf(text.toString().toUpperCase().replace('-', '_'));
    }

    @Override
    public String toString() {
      return name().toLowerCase().replace('_', '-');
    }
  }

  /**
   * What {@code generate.py} recorded.
   *
   * @param hash the hash of the case's input when it was generated
   * @param output the text Jinja2 rendered, or null when it raised
   * @param error {@code ErrorClass: message} when Jinja2 raised, else null
   */
  record Jinja2Result(String hash, String output, String error) {}

  static final Set<String> KEYS =
      Set.of(
          "name",
          "template",
          "spec",
          "files",
          "status",
          "error",
          "line",
          "partial",
          "why",
          "note",
          "issue",
          "engine",
          "via");

  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  /** The file name the engine gives the case's template; its errors name it. */
  String fileName() {
    return topic + "/" + name + ".yaml.j2";
  }

  /** The file a refusal must name: the case's {@code partial}, else its template. */
  String refusalFile() {
    return partial == null ? fileName() : topic + "/" + partial;
  }

  /** What a refusal's message must hold: {@code FILE:LINE: }, any line when the case gives none. */
  Pattern refusalAt() {
    return Pattern.compile(
        Pattern.quote(refusalFile()) + ":" + (line == null ? "\\d+" : line.toString()) + ": ");
  }

  /** {@code topic/name}, as the test and the summary show it. */
  String id() {
    return topic + "/" + name;
  }

  /** The resource the case renders: {@code base} with this case's spec. */
  Map<String, Object> resource(Map<String, Object> base) {
    Map<String, Object> resource = new LinkedHashMap<>(base);
    resource.put("spec", spec);
    return resource;
  }

  /**
   * The hash {@code generate.py} records: SHA-256 of the canonical JSON of template, partials and
   * resource, first 16 hex digits. A case edited without regenerating no longer matches.
   */
  String hash(Map<String, Object> base) {
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("files", files);
    input.put("resource", resource(base));
    input.put("template", template);
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(CanonicalJson.write(input).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What is wrong with the case as written; empty when it can be checked. */
  List<String> problems(Map<String, Object> base) {
    List<String> problems = new ArrayList<>();
    if (!unknownKeys.isEmpty()) {
      problems.add("unknown keys " + unknownKeys + "; a case has " + KEYS);
    }
    if (name == null || !NAME.matcher(name).matches()) {
      problems.add("the name is lower-case words joined by '-'");
    }
    if (template == null || template.isBlank()) {
      problems.add("no template");
    }
    if (status == null) {
      problems.add("status is identical, refused, intended or known-different");
    } else {
      switch (status) {
        case IDENTICAL -> {
          require(problems, engine == null, "'engine:' is for intended and known-different cases");
          require(problems, error == null, "'error:' is for refused and known-different cases");
          require(
              problems,
              issue == null && note == null,
              "'issue:' and 'note:' are for known-different cases");
        }
        case REFUSED -> {
          require(problems, error != null, "a refused case needs 'error:'");
          require(problems, engine == null, "'engine:' is for intended and known-different cases");
        }
        case INTENDED -> {
          require(problems, why != null, "an intended case needs 'why:'");
          require(problems, engine != null, "an intended case needs 'engine:', its output");
          require(problems, error == null, "'error:' is for refused and known-different cases");
        }
        case KNOWN_DIFFERENT -> {
          require(problems, issue != null, "a known-different case needs 'issue:'");
          require(problems, note != null, "a known-different case needs 'note:'");
          require(
              problems,
              error == null || engine == null,
              "a known-different case is to be refused ('error:') or to render 'engine:'");
        }
      }
    }
    require(problems, via == null || via.equals("render"), "via: is 'render' or absent");
    require(
        problems,
        line == null || (line > 0 && error != null),
        "'line:' is the line number a refusal names, beside 'error:'");
    require(
        problems,
        partial == null || (files.containsKey(partial) && line != null),
        "'partial:' names the file of 'files:' whose 'line:' is refused");
    files.keySet().stream()
        .filter(file -> !file.startsWith("_") || file.contains("/"))
        .forEach(file -> problems.add("a partial's name starts with '_': " + file));
    if (jinja2 == null || (jinja2.output() == null) == (jinja2.error() == null)) {
      problems.add("no Jinja2 result: run hack/jinja2-fixtures.sh and commit what it writes");
    } else if (template != null && !hash(base).equals(jinja2.hash())) {
      problems.add(
          "the case changed since its Jinja2 result was generated: run hack/jinja2-fixtures.sh"
              + " and commit what it writes (if it still fails, PyYAML and Jackson read its spec"
              + " differently: quote yes, no, on, off, dates and numbers with leading zeros)");
    }
    return problems;
  }

  private static void require(List<String> problems, boolean condition, String problem) {
    if (!condition) {
      problems.add(problem);
    }
  }
}
