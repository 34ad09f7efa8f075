package io.webserveroperator.cli.exit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

class ErrorHandlingTest {

  /** A root whose one sub-command throws what the test gives it. */
  @Command(
      name = "tool",
      subcommands = {Throws.class, Documented.class})
  static final class Root {
    @Option(names = ErrorHandling.VERBOSE, scope = ScopeType.INHERIT)
    boolean verbose;
  }

  @Command(name = "throws")
  static class Throws implements Callable<Integer> {
    static RuntimeException next;

    @Override
    public Integer call() {
      throw next;
    }
  }

  /** As {@link Throws}, documenting one exit code for every error, as diff does. */
  @Command(name = "documented", exitCodeOnExecutionException = 9)
  static final class Documented extends Throws {}

  record Run(int exit, String err) {}

  private static Run run(RuntimeException error, String... args) {
    Throws.next = error;
    StringWriter err = new StringWriter();
    CommandLine cli = ErrorHandling.install(new CommandLine(new Root()));
    cli.setErr(new PrintWriter(err));
    return new Run(cli.execute(args), err.toString());
  }

  @Test
  void aCommandExceptionIsItsMessageAndItsKindsCode() {
    Run run = run(new CommandException(Failure.INPUT, "The file x does not exist."), "throws");

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).isEqualTo("throws: The file x does not exist.\n");
  }

  @Test
  void anyOtherErrorRaisedOnPurposeIsTheCommandsFailure() {
    Run run = run(new OperatorException("WebServer a/b: deployment.yaml.j2:3: oops"), "throws");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("throws: WebServer a/b: deployment.yaml.j2:3: oops\n");
  }

  @Test
  void theClientsErrorsAreTheClustersAtAnyDepthUnlessTheCommandSaysOtherwise() {
    KubernetesClientException refused =
        new KubernetesClientException(
            "An error has occurred.", new IOException("Connection refused: /127.0.0.1:1"));

    Run raw = run(refused, "throws");
    Run wrapped = run(new OperatorException("Cannot list x: refused", refused), "throws");
    Run named = run(new CommandException(Failure.INPUT, "No such context.", refused), "throws");

    assertThat(raw.exit()).isEqualTo(5);
    assertThat(raw.err())
        .startsWith("throws: Cannot reach the cluster: Connection refused: /127.0.0.1:1. Check");
    assertThat(wrapped.exit()).isEqualTo(5);
    assertThat(wrapped.err()).isEqualTo("throws: Cannot list x: refused\n");
    assertThat(named.exit()).isEqualTo(3);
  }

  @Test
  void aBugIsPrintedWithItsStackTrace() {
    Run run = run(new IllegalStateException("no value"), "throws");

    assertThat(run.exit()).isEqualTo(70);
    assertThat(run.err())
        .startsWith(
            "throws: unexpected error, a bug: java.lang.IllegalStateException: no value. Please"
                + " report it with the stack trace below.\n")
        .contains("\tat io.webserveroperator.cli.exit.ErrorHandlingTest.aBug");
  }

  @Test
  void verbosePrintsTheStackTraceOfAUserError() {
    Run run = run(new CommandException(Failure.INPUT, "No file."), "throws", "--verbose");

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err()).startsWith("throws: No file.\n").contains("\tat ");
  }

  @Test
  void aCommandThatDocumentsOneErrorCodeKeepsIt() {
    assertThat(run(new CommandException(Failure.INPUT, "No file."), "documented").exit())
        .isEqualTo(9);
    assertThat(run(new IllegalStateException("bug"), "documented").exit()).isEqualTo(9);
  }

  @Test
  void aUsageErrorIsTheMessageAndWhereTheHelpIs() {
    Run run = run(null, "throws", "--bogus");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "throws: Unknown option: '--bogus'\n"
                + "Run 'tool throws --help' for what it accepts.\n");
  }

  @Test
  void theHelpListsTheExitCodesOfEveryKind() {
    CommandLine cli = ErrorHandling.install(new CommandLine(new Root()));

    String help = cli.getSubcommands().get("throws").getUsageMessage();

    assertThat(help)
        .contains("Exit codes:")
        .containsPattern("\n +0 +Success\\.")
        .containsPattern("\n +3 +A file or folder")
        .containsPattern("\n +70 +A bug");
    assertThat(cli.getSubcommands().get("documented").getUsageMessage())
        .doesNotContain("Exit codes:");
  }
}
