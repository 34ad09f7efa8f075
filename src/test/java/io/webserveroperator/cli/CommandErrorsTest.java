package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command fed its bad inputs (files and folders that do not exist, YAML that does not parse,
 * unknown flags, values the command refuses, a configuration {@code run} refuses, a cluster that
 * refuses or is not there): one or two sentences on stderr saying what is wrong and what to do, no
 * stack trace, nothing on stdout, and the exit code of that kind of failure (docs/cli.md).
 */
class CommandErrorsTest {

  private static final Path FIXTURES =
      Project.file("src/test/resources/io/webserveroperator/cli/errors");
  private static final String NOT_YAML = FIXTURES.resolve("not-yaml.yaml").toString();
  private static final String TEMPLATES = Project.file("templates").toString();
  private static final String SAMPLE = Project.file("samples/webapp_v1_webserver.yaml").toString();
  private static final String RETRY_LIMIT = "kubernetes.request.retry.backoffLimit";

  @TempDir Path dir;

  @Test
  void anUnknownCommandSuggestsTheClosestOne() {
    RenderCommandTest.Run run = run("rendr");

    assertUserError(run, 2, "webserver-operator: Unmatched argument at index 0: 'rendr'");
    assertThat(run.err()).contains("Did you mean: webserver-operator render");
  }

  @Test
  void renderSaysWhichInputIsMissingOrUnreadable() {
    String missing = dir.resolve("missing.yaml").toString();
    assertUserError(
        run("render", "-f", missing, "--templates", TEMPLATES),
        3,
        "render: " + missing + " does not exist. Give -f a YAML file of custom resources");
    assertUserError(
        run("render", "-f", dir.resolve("no-folder").toString(), "--templates", TEMPLATES),
        3,
        "no-folder does not exist.");
    assertUserError(
        run("render", "-f", NOT_YAML, "--templates", TEMPLATES),
        3,
        "render: "
            + NOT_YAML
            + ":4:1: not valid YAML: expected ',' or ']', but got <stream end> (while parsing a"
            + " flow sequence). Fix the file.");
    assertUserError(
        run("render", "-f", SAMPLE, "--templates", dir.resolve("none").toString()),
        3,
        "render: The templates folder "
            + dir.resolve("none")
            + " does not exist. Give --templates");
  }

  @Test
  void renderRefusesUnknownFlagsAndInvalidTemplates() {
    assertUserError(
        run("render", "-f", SAMPLE, "--templat", TEMPLATES),
        2,
        "render: Unknown options: '--templat'");
    assertUserError(
        run(
            "render",
            "-f",
            SAMPLE,
            "--templates",
            FIXTURES.resolve("watches-not-a-list").toString()),
        4,
        "must be a YAML list of watches (group, version, kind).");
  }

  @Test
  void diffKeepsItsExitCodeTwoForEveryError() {
    String missing = dir.resolve("missing.yaml").toString();
    assertUserError(
        run("diff", "-f", missing, "--templates", TEMPLATES), 2, "diff: " + missing + " does not");
    assertUserError(
        run("diff", "-f", NOT_YAML, "--templates", TEMPLATES), 2, ":4:1: not valid YAML");
    assertUserError(run("diff", "--templates", TEMPLATES), 2, "diff: Give either -f FILE");
    assertUserError(run("diff", "--bogus"), 2, "diff: Unknown option: '--bogus'");
    assertUserError(
        run("diff", "-f", SAMPLE, "--templates", dir.toString()),
        2,
        "diff: The templates folder " + dir + " has no watches.yaml.");
  }

  @Test
  void testAndLintKeepTheirExitCodeTwo() throws IOException {
    assertUserError(
        run("test", "--templates", dir.resolve("none").toString()),
        2,
        "test: The templates folder");
    assertUserError(run("test", "--update"), 2, "test: Unknown option: '--update'");
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Files.copy(Path.of(NOT_YAML), templates.resolve("webserver/tests/broken_test.yaml"));
    RenderCommandTest.Run broken = run("test", "--templates", templates.toString());
    assertThat(broken.exit()).as("a test file that does not parse is a failing case").isEqualTo(1);
    assertThat(broken.out())
        .contains("broken_test.yaml:4:1: not valid YAML: expected ',' or ']'")
        .doesNotContain("in 'reader'");

    assertUserError(
        run("lint", "--templates", TEMPLATES, "--samples", NOT_YAML),
        2,
        "lint: " + NOT_YAML + ":4:1: not valid YAML");
    assertUserError(run("lint", "-o", "yaml"), 2, "lint: Invalid value for option '--output'");
  }

  @Test
  void runSaysWhatIsMissingOrRefusedBeforeItStarts() {
    assertUserError(
        runCapturingStderr("run", "--templates", dir.resolve("none").toString()),
        3,
        "run: The templates folder " + dir.resolve("none") + " does not exist.");
    assertUserError(
        runCapturingStderr(
            "run", "--templates", TEMPLATES, "--kubeconfig", dir.resolve("kc").toString()),
        3,
        "run: The kubeconfig " + dir.resolve("kc") + " does not exist. Give --kubeconfig");
    assertUserError(
        runCapturingStderr("run", "--templates", TEMPLATES, "--workers", "0"),
        2,
        "run: workers must be at least 1, not 0.");
    assertUserError(
        runCapturingStderr("run", "--templates", TEMPLATES, "--resync", "soon"),
        2,
        "run: Invalid value for option '--resync': 'soon' is not a duration");
    assertUserError(
        runCapturingStderr("run", "--templates", TEMPLATES, "--shards", "3"),
        2,
        "run: --shards takes 'auto', not '3'");
  }

  @Test
  void runRefusesTemplatesItCannotFollow() throws IOException {
    String kubeconfig = unreachableKubeconfig();
    assertUserError(
        runCapturingStderr(
            "run",
            "--templates",
            FIXTURES.resolve("watches-not-a-list").toString(),
            "--kubeconfig",
            kubeconfig),
        4,
        "must be a YAML list of watches");

    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Files.copy(
        FIXTURES.resolve("sharded-rollout-watches.yaml"),
        templates.resolve("watches.yaml"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertUserError(
        runCapturingStderr(
            "run",
            "--templates",
            templates.toString(),
            "--kubeconfig",
            kubeconfig,
            "--shard",
            "blue",
            "--health-port",
            "0"),
        4,
        "run: watches.yaml gives WebServer a rollout policy, which a static shard (--shard) cannot"
            + " follow");
  }

  @Test
  void runSaysTheClusterRefusedIt() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body =
              ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                      + "\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(401, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    try {
      Path kubeconfig = dir.resolve("kubeconfig");
      Files.writeString(
          kubeconfig,
          Files.readString(FIXTURES.resolve("local-kubeconfig.yaml"))
              .replace("PORT", Integer.toString(server.getAddress().getPort())));

      assertUserError(
          runCapturingStderr(
              "run",
              "--templates",
              TEMPLATES,
              "--kubeconfig",
              kubeconfig.toString(),
              "--health-port",
              "0"),
          5,
          "run: The cluster refused a request (401): Unauthorized. Check the user and context");
    } finally {
      server.stop(0);
    }
  }

  @Test
  void runSaysTheClusterCannotBeReached() throws IOException {
    RenderCommandTest.Run run;
    // Fail at the first refused connection rather than after the client's retries.
    System.setProperty(RETRY_LIMIT, "0");
    try {
      run =
          runCapturingStderr(
              "run",
              "--templates",
              TEMPLATES,
              "--kubeconfig",
              unreachableKubeconfig(),
              "--health-port",
              "0");
    } finally {
      System.clearProperty(RETRY_LIMIT);
    }

    assertUserError(run, 5, "run: Cannot reach the cluster: Connection refused: /127.0.0.1:1.");
  }

  @Test
  void aContextTheKubeconfigDoesNotHaveIsRefusedRatherThanTheCurrentOneUsed() {
    String kubeconfig = unreachableKubeconfig();

    assertUserError(
        runCapturingStderr(
            "run", "--templates", TEMPLATES, "--kubeconfig", kubeconfig, "--context", "prod"),
        3,
        "run: The kubeconfig "
            + kubeconfig
            + " has no context 'prod'; name one of its contexts: nowhere.");
  }

  @Test
  void rolloutStatusKeepsItsExitCodeThree() {
    assertUserError(
        run("rollout", "status", "--kubeconfig", dir.resolve("kc").toString()),
        3,
        "rollout status: The kubeconfig " + dir.resolve("kc") + " does not exist.");
    assertUserError(
        run("rollout", "status", "--kind"), 3, "rollout status: Missing required parameter");
  }

  @Test
  void devChecksItsInputsBeforeStartingACluster() {
    assertUserError(run("dev", "--nodes", "0"), 2, "dev: --nodes must be at least 1, not 0.");
    assertUserError(
        run("dev", "--crds", dir.resolve("crds").toString()),
        3,
        "dev: The folder " + dir.resolve("crds") + " does not exist.");
    assertUserError(
        run(
            "dev",
            "--crds",
            Project.file("crds").toString(),
            "--samples",
            Project.file("samples").toString(),
            "--templates",
            dir.resolve("none").toString()),
        3,
        "dev: The templates folder " + dir.resolve("none") + " does not exist.");
  }

  @Test
  void verboseAddsTheStackTrace() {
    String missing = dir.resolve("missing.yaml").toString();

    RenderCommandTest.Run run = run("render", "-f", missing, "--verbose");

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err())
        .startsWith("render: " + missing + " does not exist.")
        .contains("CommandException", "\tat io.webserveroperator.cli.ResourceFiles.read");
  }

  private static RenderCommandTest.Run run(String... args) {
    return RenderCommandTest.run(args);
  }

  /** As {@link #run}, with what the logging writes to the process's stderr added to stderr. */
  private static RenderCommandTest.Run runCapturingStderr(String... args) {
    PrintStream original = System.err;
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
    RenderCommandTest.Run run;
    try {
      run = run(args);
    } finally {
      System.setErr(original);
    }
    return new RenderCommandTest.Run(
        run.exit(), run.out(), run.err() + logged.toString(StandardCharsets.UTF_8));
  }

  private static String unreachableKubeconfig() {
    return Project.file(
            "src/test/resources/io/webserveroperator/cli/diff/unreachable-kubeconfig.yaml")
        .toString();
  }

  /**
   * The exit code, stdout empty, and on stderr the message (its first line, which names the
   * command), at most a suggestion and where the help is after it, and no stack trace.
   */
  private static void assertUserError(RenderCommandTest.Run run, int exit, String message) {
    List<String> lines = new ArrayList<>(run.err().lines().toList());
    assertThat(lines).as("stderr").isNotEmpty();
    assertThat(lines.get(0)).as("stderr").contains(message);
    assertThat(run.exit()).as("exit code; stderr: %s", run.err()).isEqualTo(exit);
    assertThat(run.out()).as("stdout").isEmpty();
    assertThat(lines).as("stderr").hasSizeLessThanOrEqualTo(3);
    assertThat(run.err())
        .as("no stack trace")
        .doesNotContain("\tat ", "Caused by", "Exception", "java.", "io.fabric8");
  }
}
