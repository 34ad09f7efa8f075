package io.webserveroperator.cli;

import io.webserveroperator.cli.options.CrdsOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.templatetest.CaseResult;
import io.webserveroperator.templatetest.TemplateTestRunner;
import io.webserveroperator.templatetest.TestRun;
import io.webserveroperator.templatetest.report.JUnitXml;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code test}: runs the template tests beside each kind's templates ({@code <kind
 * folder>/tests/*.yaml}), each case's resource admitted by its CRD in {@code --crds} as the API
 * server would (defaults filled in, a refusal failing the case's render), and prints one line per
 * case, the failures under it, and a summary. Exit 0 when every case passes, 1 when one fails or
 * there are none, 2 when the templates or the report cannot be read or written.
 */
@Command(
    name = "test",
    mixinStandardHelpOptions = true,
    description = "Run the template tests in <kind folder>/tests/*.yaml; no cluster needed.",
    exitCodeOnExecutionException = TestCommand.ERROR,
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:Every case passed.",
      "1:A case failed, or there are none.",
      "2:An error of any kind: a usage error, templates or tests that cannot be read, a report"
          + " that cannot be written; see stderr."
    })
final class TestCommand implements Callable<Integer> {

  /** The exit code of any error, as documented before the kinds of failure had codes. */
  static final int ERROR = 2;

  @Mixin TemplatesOption templates;

  @Mixin CrdsOption crds;

  @Spec CommandSpec spec;

  @Option(
      names = "--update-snapshots",
      description = "Replace stored snapshots that differ from the render, instead of failing.")
  boolean updateSnapshots;

  @Option(
      names = "--junit",
      paramLabel = "FILE",
      description = "Also write the results as JUnit XML, for CI.")
  Path junit;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    TestRun run =
        new TemplateTestRunner(updateSnapshots, result -> print(out, result), crds.admission())
            .run(templates.existingWatches());
    if (junit != null) {
      JUnitXml.write(run, junit);
    }
    run.snapshotsWritten().forEach(file -> out.println("wrote snapshots " + file));
    if (run.cases().isEmpty()) {
      out.println(
          "No template tests found: put them in <kind folder>/"
              + TemplateTestRunner.TESTS
              + "/*.yaml under "
              + templates.folder()
              + ". See docs/template-tests.md.");
      out.flush();
      return 1;
    }
    out.println(run.summary());
    out.flush();
    return run.failed() == 0 ? 0 : 1;
  }

  private static void print(PrintWriter out, CaseResult result) {
    out.println((result.passed() ? "PASS  " : "FAIL  ") + result.suite() + " > " + result.name());
    for (String failure : result.failures()) {
      out.println("      - " + failure.replace("\n", "\n        "));
    }
    out.flush();
  }
}
