package io.webserveroperator.cli;

import io.webserveroperator.OperatorException;
import io.webserveroperator.lint.FindingsReport;
import io.webserveroperator.lint.Lint;
import io.webserveroperator.lint.LintInput;
import io.webserveroperator.lint.OpenApiSchemas;
import io.webserveroperator.template.TemplateWatcher;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Lints the templates when {@code dev} starts and after every edit, printing the findings, so a
 * template author sees a typo'd spec path or a missing RBAC rule while the operator keeps running
 * its last good templates.
 */
final class LintOnChange implements AutoCloseable {

  private final TemplateWatcher watcher;

  private LintOnChange(TemplateWatcher watcher) {
    this.watcher = watcher;
  }

  static LintOnChange start(LintInput input, Path schemas, PrintWriter out) {
    Runnable lint = () -> print(input, schemas, out);
    lint.run();
    return new LintOnChange(TemplateWatcher.start(input.templates(), lint));
  }

  private static void print(LintInput input, Path schemas, PrintWriter out) {
    String report;
    try {
      report = FindingsReport.text(Lint.run(input, OpenApiSchemas.folder(schemas)).findings());
    } catch (OperatorException e) {
      report = e.getMessage() + "\n";
    }
    report.lines().forEach(line -> out.println("lint: " + line));
    out.flush();
  }

  @Override
  public void close() {
    watcher.close();
  }
}
