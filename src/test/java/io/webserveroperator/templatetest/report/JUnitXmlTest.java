package io.webserveroperator.templatetest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.templatetest.CaseResult;
import io.webserveroperator.templatetest.TestRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The JUnit report parses back as Jenkins reads it: suites per file, cases, failures. */
class JUnitXmlTest {

  @Test
  void writesOneSuitePerFileAndAFailureWithEveryMessage(@TempDir Path dir) throws Exception {
    TestRun run =
        new TestRun(
            List.of(
                new CaseResult(
                    "webserver/tests/a_test.yaml", "passes", List.of(), Duration.ofMillis(5)),
                new CaseResult(
                    "webserver/tests/a_test.yaml",
                    "fails <twice> & \"quotes\"",
                    List.of("equal spec.replicas: expected 2, got 3", "second\nline"),
                    Duration.ofMillis(1500)),
                new CaseResult(
                    "webserver/tests/b_test.yaml", "passes too", List.of(), Duration.ZERO)),
            List.of());
    Path file = dir.resolve("reports/templates.xml");

    JUnitXml.write(run, file);

    Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    Element root = xml.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("testsuites");
    assertThat(root.getAttribute("tests")).isEqualTo("3");
    assertThat(root.getAttribute("failures")).isEqualTo("1");
    NodeList suites = root.getElementsByTagName("testsuite");
    assertThat(suites.getLength()).isEqualTo(2);
    Element first = (Element) suites.item(0);
    assertThat(first.getAttribute("name")).isEqualTo("webserver/tests/a_test.yaml");
    assertThat(first.getAttribute("tests")).isEqualTo("2");
    assertThat(first.getAttribute("failures")).isEqualTo("1");
    assertThat(first.getAttribute("time")).isEqualTo("1.505");
    Element failed = (Element) first.getElementsByTagName("testcase").item(1);
    assertThat(failed.getAttribute("classname")).isEqualTo("webserver/tests/a_test.yaml");
    assertThat(failed.getAttribute("name")).isEqualTo("fails <twice> & \"quotes\"");
    Element failure = (Element) failed.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message")).isEqualTo("equal spec.replicas: expected 2, got 3");
    assertThat(failure.getTextContent())
        .isEqualTo("equal spec.replicas: expected 2, got 3\nsecond\nline");
    assertThat(
            ((Element) first.getElementsByTagName("testcase").item(0))
                .getElementsByTagName("failure")
                .getLength())
        .isZero();
  }
}
