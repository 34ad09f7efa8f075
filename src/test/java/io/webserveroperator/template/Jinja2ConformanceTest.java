package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.webserveroperator.template.ConformanceCase.Status;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The differential conformance suite: what the engine renders against what real Jinja2 3.1.6
 * renders, for several hundred small templates, each a Jinja2 idiom as Ansible, Salt and Helm
 * templates write it.
 *
 * <p>Each case (in {@code conformance/cases/TOPIC.yaml}) is rendered here through the engine's real
 * path, {@link TemplateSet} and {@link Renderer}, and its YAML documents are compared as data with
 * Jinja2's output (in {@code conformance/jinja2/TOPIC.yaml}, produced by {@code
 * hack/jinja2-fixtures.sh} with the engine's settings; read with the engine's own YAML reader). It
 * proves, per case, the verdict the case states:
 *
 * <ul>
 *   <li>{@code identical}: the same documents as Jinja2, or a clean render error where Jinja2
 *       raises;
 *   <li>{@code refused}: a render error containing the case's {@code error}, naming the file and
 *       line (the case's {@code line} of its template or {@code partial}, where it gives one);
 *   <li>{@code intended}: the documents of the case's {@code engine}, which differ from Jinja2's on
 *       purpose ({@code why});
 *   <li>{@code known-different}: still not Jinja2's (or the case's {@code engine}) result; a case
 *       that starts to match fails, so that its author marks it identical and the count of known
 *       differences only goes down.
 * </ul>
 *
 * <p>Which case files mainly exercise which part of the engine ({@code template}'s sub-packages):
 *
 * <ul>
 *   <li>{@code syntax} (lexing, whitespace control, the expression grammar): {@code whitespace},
 *       {@code whitespace-more}, {@code override-header}, {@code operators}, {@code mappings};
 *   <li>{@code python} (Python's values and methods): {@code numbers}, {@code numbers-more}, {@code
 *       strings}, {@code str-methods}, {@code python-methods}, {@code collection-methods}, {@code
 *       truthiness}, {@code undefined};
 *   <li>{@code lib} (filters, tests, globals, tags): {@code filters}, {@code filter-arguments},
 *       {@code tests}, {@code tests-all}, {@code globals}, {@code tags}, {@code loop}, {@code
 *       loops-more}, {@code macros-more};
 *   <li>{@code sandbox} (refusals): {@code safety}, {@code refused-tags};
 *   <li>{@code output} (where printed text becomes a YAML value): {@code yaml-embedding}, {@code
 *       yaml-reading}, {@code render-output}, {@code inline-values};
 *   <li>all of it, through the pipeline: {@code whole-templates}, {@code helm-style} and the {@code
 *       realistic-*} files.
 * </ul>
 *
 * <p>It also proves that every case has a verdict and a Jinja2 result generated from its current
 * text (a hash of template, partials and resource), so an edited case cannot pass on an old result,
 * and that {@code docs/conformance.md} shows every case with its status. It prints the count per
 * status and the known differences by topic; {@code -Dconformance.report=FILE} also writes every
 * case's engine outcome to FILE.
 */
class Jinja2ConformanceTest {

  static final ConformanceSuite SUITE = ConformanceSuite.load();
  static final int MINIMUM_CASES = 400;
  private static final Pattern TOPIC = Pattern.compile("## ([a-z0-9-]+)");
  private static final Pattern ROW =
      Pattern.compile(
          "^\\| ([a-z0-9-]+) \\| .*? (?<!\\\\)\\| (identical|refused|intended|known-different) (?<!\\\\)\\| ");
  private static final List<Map<String, Object>> REPORT =
      Collections.synchronizedList(new ArrayList<>());

  @TestFactory
  Stream<DynamicNode> eachCaseHasTheVerdictItStates() {
    Map<String, List<ConformanceCase>> topics = new TreeMap<>();
    SUITE.cases().forEach(c -> topics.computeIfAbsent(c.topic(), t -> new ArrayList<>()).add(c));
    return topics.entrySet().stream()
        .map(
            topic ->
                DynamicContainer.dynamicContainer(
                    topic.getKey(),
                    topic.getValue().stream()
                        .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)))));
  }

  @Test
  void theSuiteIsCompleteAndEveryResultHasItsCase() {
    assertThat(SUITE.cases().size()).as("cases").isGreaterThanOrEqualTo(MINIMUM_CASES);
    assertThat(SUITE.orphans())
        .as("Jinja2 results without a case: run hack/jinja2-fixtures.sh")
        .isEmpty();
    Set<String> ids = new HashSet<>();
    List<String> twice =
        SUITE.cases().stream().map(ConformanceCase::id).filter(id -> !ids.add(id)).toList();
    assertThat(twice).as("case names used twice in one topic").isEmpty();
  }

  @Test
  void theDocsTableShowsEveryCaseWithItsStatus() throws IOException {
    Map<String, String> documented = new TreeMap<>();
    String topic = "";
    for (String line : Files.readAllLines(Project.file("docs/conformance.md"))) {
      Matcher heading = TOPIC.matcher(line);
      Matcher row = ROW.matcher(line);
      if (heading.matches()) {
        topic = heading.group(1);
      } else if (row.find()) {
        documented.put(topic + "/" + row.group(1), row.group(2));
      }
    }
    List<String> stale = new ArrayList<>();
    for (ConformanceCase c : SUITE.cases()) {
      if (!String.valueOf(c.status()).equals(documented.remove(c.id()))) {
        stale.add(c.id());
      }
    }
    stale.addAll(documented.keySet());
    assertThat(stale)
        .as("cases that docs/conformance.md shows wrongly: run hack/jinja2-fixtures.sh")
        .isEmpty();
  }

  static void check(ConformanceCase c) {
    List<String> problems = c.problems(SUITE.base());
    if (!problems.isEmpty()) {
      fail(c.id() + ": " + String.join("; ", problems));
    }
    Outcome jinja2 =
        c.jinja2().error() != null
            ? Outcome.failed(c.jinja2().error(), true)
            : "render".equals(c.via())
                ? Outcome.ofYaml11Text(c.jinja2().output())
                : Outcome.ofText(c.jinja2().output());
    Outcome target = c.engine() == null ? jinja2 : Outcome.ofText(c.engine());
    Outcome engine = ConformanceEngine.run(c, SUITE.base());
    report(c, jinja2, engine, target);
    switch (c.status()) {
      case IDENTICAL -> {
        if (!engine.sameAs(jinja2)) {
          fail(
              explain(c, "the engine differs from Jinja2", jinja2, engine)
                  + "\nIf that is a bug to fix later, mark the case 'status: known-different',"
                  + " 'issue: 9' and a 'note:'.");
        }
      }
      case REFUSED -> {
        if (!refuses(engine, c)) {
          fail(
              explain(
                  c,
                  "the engine must fail naming "
                      + c.refusalFile()
                      + ":"
                      + (c.line() == null ? "LINE" : c.line())
                      + " and '"
                      + c.error()
                      + "'",
                  jinja2,
                  engine));
        }
      }
      case INTENDED -> {
        if (!engine.sameAs(target)) {
          fail(explain(c, "the engine differs from the case's 'engine:'", target, engine));
        }
        if (c.via() == null && target.sameAs(jinja2)) {
          fail(c.id() + ": 'engine:' is what Jinja2 gives; mark the case identical");
        }
      }
      case KNOWN_DIFFERENT -> {
        boolean fixed = c.error() != null ? refuses(engine, c) : engine.sameAs(target);
        if (fixed) {
          String verdict =
              c.error() != null ? "refused" : c.engine() != null ? "intended" : "identical";
          fail(
              c.id()
                  + ": known-different, but the engine now does what the case asks for. Well done:"
                  + " mark it "
                  + verdict
                  + ", drop 'issue:' and 'note:', and run hack/jinja2-fixtures.sh for the docs.\n"
                  + "  engine: "
                  + engine.describe());
        }
      }
    }
  }

  /** Whether the engine failed on purpose with the case's error, naming the file and line. */
  private static boolean refuses(Outcome engine, ConformanceCase c) {
    return !engine.rendered()
        && engine.clear()
        && engine.failure().contains(c.error())
        && c.refusalAt().matcher(engine.failure()).find();
  }

  private static String explain(ConformanceCase c, String what, Outcome expected, Outcome engine) {
    return c.id()
        + " ("
        + c.status()
        + "): "
        + what
        + "\n  template: "
        + c.template().strip().replace("\n", "\n            ")
        + "\n  spec:     "
        + c.spec()
        + "\n  expected: "
        + expected.describe()
        + "\n  engine:   "
        + engine.describe();
  }

  private static void report(ConformanceCase c, Outcome jinja2, Outcome engine, Outcome target) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("id", c.id());
    entry.put("status", c.status().toString());
    entry.put("matchesJinja2", engine.sameAs(jinja2));
    entry.put("matchesTarget", engine.sameAs(target));
    entry.put("jinja2", jinja2.describe());
    entry.put("engine", engine.describe());
    REPORT.add(entry);
  }

  @AfterAll
  static void summary() throws IOException {
    Map<Status, Integer> counts = new EnumMap<>(Status.class);
    for (Status status : Status.values()) {
      counts.put(status, 0);
    }
    SUITE.cases().forEach(c -> counts.merge(c.status(), 1, Integer::sum));
    System.out.println(
        "Jinja2 conformance: "
            + SUITE.cases().size()
            + " cases: "
            + counts.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", ")));
    Map<String, List<String>> known = new TreeMap<>();
    SUITE.cases().stream()
        .filter(c -> c.status() == Status.KNOWN_DIFFERENT)
        .forEach(c -> known.computeIfAbsent(c.topic(), t -> new ArrayList<>()).add(c.name()));
    known.forEach(
        (topic, names) ->
            System.out.println("  known-different in " + topic + ": " + String.join(", ", names)));
    String report = System.getProperty("conformance.report");
    if (report != null) {
      Files.writeString(Path.of(report), Fixtures.YAML.writeValueAsString(REPORT));
    }
  }
}
