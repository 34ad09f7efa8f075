package io.webserveroperator.lint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.webserveroperator.OperatorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes findings for people (one {@code file:line: level: message} a line) or for tools. */
public final class FindingsReport {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private FindingsReport() {}

  /**
   * One finding a line, then a summary line ({@code 2 errors, 1 warning}, and {@code , 1 note} when
   * there are notes).
   */
  public static String text(List<Finding> findings) {
    StringBuilder out = new StringBuilder();
    findings.forEach(finding -> out.append(finding).append('\n'));
    out.append(count(findings, Finding.Level.ERROR, "error"))
        .append(", ")
        .append(count(findings, Finding.Level.WARNING, "warning"));
    if (findings.stream().anyMatch(f -> f.level() == Finding.Level.NOTE)) {
      out.append(", ").append(count(findings, Finding.Level.NOTE, "note"));
    }
    return out.append('\n').toString();
  }

  /**
   * {@code {"findings": [{"file", "line", "level", "message"}], "errors": n, "warnings": n,
   * "notes": n}}.
   */
  public static String json(List<Finding> findings) {
    List<Map<String, Object>> entries =
        findings.stream()
            .map(
                finding -> {
                  Map<String, Object> entry = new LinkedHashMap<>();
                  entry.put("file", finding.file());
                  entry.put("line", finding.line());
                  entry.put("level", finding.level().label());
                  entry.put("message", finding.message());
                  return entry;
                })
            .toList();
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("findings", entries);
    report.put("errors", number(findings, Finding.Level.ERROR));
    report.put("warnings", number(findings, Finding.Level.WARNING));
    report.put("notes", number(findings, Finding.Level.NOTE));
    try {
      return JSON.writeValueAsString(report) + "\n";
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot write the lint findings as JSON: " + e.getMessage(), e);
    }
  }

  /** Whether any finding is an error, which makes lint exit 1. */
  public static boolean hasErrors(List<Finding> findings) {
    return findings.stream().anyMatch(f -> f.level() == Finding.Level.ERROR);
  }

  private static long number(List<Finding> findings, Finding.Level level) {
    return findings.stream().filter(f -> f.level() == level).count();
  }

  private static String count(List<Finding> findings, Finding.Level level, String noun) {
    long n = number(findings, level);
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
