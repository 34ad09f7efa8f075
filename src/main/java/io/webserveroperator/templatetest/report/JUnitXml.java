package io.webserveroperator.templatetest.report;

import io.webserveroperator.templatetest.CaseResult;
import io.webserveroperator.templatetest.TemplateTestException;
import io.webserveroperator.templatetest.TestRun;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a run as JUnit XML, the shape Jenkins' junit step and most CI read: one {@code
 * <testsuite>} per test file, one {@code <testcase>} per case (class name the test file), a {@code
 * <failure>} with every message of a failed case.
 */
public final class JUnitXml {

  private JUnitXml() {}

  /**
   * Writes {@code run} to {@code file}, creating its folder.
   *
   * @throws TemplateTestException when the file cannot be written
   */
  public static void write(TestRun run, Path file) {
    try {
      Path folder = file.toAbsolutePath().getParent();
      Files.createDirectories(folder);
      try (OutputStream out = Files.newOutputStream(file)) {
        XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
        try {
          write(run, xml);
        } finally {
          xml.close();
        }
      }
    } catch (IOException | XMLStreamException e) {
      throw new TemplateTestException("Cannot write the JUnit report " + file + ": " + e, e);
    }
  }

  private static void write(TestRun run, XMLStreamWriter xml) throws XMLStreamException {
    Map<String, List<CaseResult>> suites =
        run.cases().stream()
            .collect(
                Collectors.groupingBy(CaseResult::suite, LinkedHashMap::new, Collectors.toList()));
    xml.writeStartDocument("UTF-8", "1.0");
    xml.writeCharacters("\n");
    xml.writeStartElement("testsuites");
    xml.writeAttribute("name", "template tests");
    xml.writeAttribute("tests", String.valueOf(run.cases().size()));
    xml.writeAttribute("failures", String.valueOf(run.failed()));
    xml.writeAttribute("time", seconds(total(run.cases())));
    for (Map.Entry<String, List<CaseResult>> suite : suites.entrySet()) {
      List<CaseResult> cases = suite.getValue();
      xml.writeCharacters("\n  ");
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", suite.getKey());
      xml.writeAttribute("tests", String.valueOf(cases.size()));
      xml.writeAttribute(
          "failures", String.valueOf(cases.stream().filter(c -> !c.passed()).count()));
      xml.writeAttribute("errors", "0");
      xml.writeAttribute("skipped", "0");
      xml.writeAttribute("time", seconds(total(cases)));
      for (CaseResult result : cases) {
        xml.writeCharacters("\n    ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", result.suite());
        xml.writeAttribute("name", result.name());
        xml.writeAttribute("time", seconds(result.time()));
        if (!result.passed()) {
          xml.writeStartElement("failure");
          xml.writeAttribute("message", result.failures().get(0).lines().findFirst().orElse(""));
          xml.writeCharacters(String.join("\n", result.failures()));
          xml.writeEndElement();
        }
        xml.writeEndElement();
      }
      xml.writeCharacters("\n  ");
      xml.writeEndElement();
    }
    xml.writeCharacters("\n");
    xml.writeEndElement();
    xml.writeCharacters("\n");
    xml.writeEndDocument();
  }

  private static Duration total(List<CaseResult> cases) {
    return cases.stream().map(CaseResult::time).reduce(Duration.ZERO, Duration::plus);
  }

  private static String seconds(Duration time) {
    return String.format(Locale.ROOT, "%.3f", time.toNanos() / 1e9);
  }
}
