package io.webserveroperator.cli;

import io.webserveroperator.OperatorException;
import io.webserveroperator.lint.FindingsReport;
import io.webserveroperator.lint.Lint;
import io.webserveroperator.lint.LintInput;
import io.webserveroperator.lint.OpenApiSchemas;
import io.webserveroperator.template.source.TemplateWatcher;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Lints the templates when {@code dev} starts and after every edit, printing the findings, so a
 * template author sees a typo'd spec path or a missing RBAC rule while the operator keeps running
 * its last good templates.
 *
 * <p>In {@code dev}, an edit is first previewed and then handed to the operator, before lint runs:
 * the preview prints one line ({@link PrunePreview}: what the edit would prune) while the operator
 * still runs the templates before the edit, and only then is the operator's copy updated ({@link
 * OperatorTemplates}). Everything runs on the watcher's thread, one edit after the other; a failure
 * of either step is one line, and lint and {@code dev} go on.
 */
final class LintOnChange implements AutoCloseable {

  private static final String PREFIX = "templates changed: ";

  private final TemplateWatcher watcher;

  private LintOnChange(TemplateWatcher watcher) {
    this.watcher = watcher;
  }

  /** Lints now and after every edit. */
  static LintOnChange start(LintInput input, Path schemas, PrintWriter out) {
    return start(input, schemas, out, null, () -> {});
  }

  /**
   * Lints now; after every edit prints the preview's line, hands the edit on, and lints again.
   *
   * @param preview the line to print after an edit, after {@code templates changed: } and before
   *     anything else; null for none
   * @param handOn what passes the edit on to the operator, after the preview
   */
  static LintOnChange start(
      LintInput input, Path schemas, PrintWriter out, Supplier<String> preview, Runnable handOn) {
    Runnable lint = () -> print(input, schemas, out);
    lint.run();
    Runnable changed =
        () -> {
          if (preview != null) {
            out.println(PREFIX + oneLine(preview));
            out.flush();
          }
          try {
            handOn.run();
          } catch (RuntimeException e) {
            out.println(
                PREFIX + "the operator keeps the templates before the edit: " + e.getMessage());
            out.flush();
          }
          lint.run();
        };
    return new LintOnChange(TemplateWatcher.start(input.templates(), changed));
  }

  private static String oneLine(Supplier<String> preview) {
    try {
      return preview.get();
    } catch (RuntimeException e) {
      return "the preview failed: " + e;
    }
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
