package io.webserveroperator.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.KubeConfig;
import io.webserveroperator.testing.DeployRbac;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's image, built here by {@code hack/image.sh} from Debian packages, a Java runtime it
 * links with jlink from a JDK of this machine (IMAGE_JDK chooses another) and the packaged jar, and
 * run as {@code deploy/} runs it: its own entrypoint, JVM flags, user and environment, a read-only
 * root with only /tmp writable, and the RBAC and ServiceAccount token of {@code deploy/} against a
 * real API server. So the image is known to work before a cluster pulls it. It prints the time from
 * the entrypoint's start to /readyz answering 200, a figure and not an assertion.
 *
 * <p>Skips, with hack/image.sh's message, where mmdebstrap or podman is missing, and without root
 * (the image is mounted and run in new mount and PID namespaces). CI installs both.
 */
class ImageIT {

  static final String IMAGE = "localhost/webserver-operator:image-it";
  static final String KUBE_FOLDER = "/tmp/kube";
  static final HttpClient HTTP = HttpClient.newHttpClient();

  /**
   * The image's size at most, in bytes: with the runtime linked from Temurin 25 it is 170 MB, from
   * Debian's JDK 17 157 MB; with Debian's openjdk-17-jre-headless it was 325 MB.
   */
  static final long SIZE_LIMIT = 200_000_000L;

  /** The image, mounted; null until built, and when the tests skip. */
  static ImageSandbox sandbox;

  /** Why the tests skip, if they do; null until the image is built. */
  static Optional<String> skip;

  /** What hack/image.sh printed; null until the image is built. */
  static String buildOutput;

  @TempDir Path temp;

  @BeforeEach
  void buildAndMountTheImageOnce() throws IOException, InterruptedException {
    if (skip == null) {
      skip = buildAndMount();
    }
    skip.ifPresent(Assumptions::abort);
  }

  /** Builds the image with hack/image.sh and mounts it, or says why not. */
  private static Optional<String> buildAndMount() throws IOException, InterruptedException {
    if (!"root".equals(System.getProperty("user.name"))) {
      return Optional.of(
          "ImageIT needs root: it mounts the image and runs it in new mount and PID namespaces.");
    }
    Path log = Files.createTempFile("image-", ".log");
    try {
      Process build =
          new ProcessBuilder("bash", Project.file("hack/image.sh").toString(), IMAGE)
              .directory(Project.root().toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      boolean finished = build.waitFor(15, TimeUnit.MINUTES);
      String output = read(log);
      buildOutput = output;
      System.out.print(output);
      assertThat(finished).as("hack/image.sh finished within 15 minutes").isTrue();
      assertThat(build.exitValue()).as("hack/image.sh exit code").isZero();
      Optional<String> skipped =
          output
              .lines()
              .filter(line -> line.startsWith("image: skipped:"))
              .map(line -> "hack/image.sh " + line.substring("image: ".length()))
              .findFirst();
      if (skipped.isEmpty()) {
        sandbox = ImageSandbox.mount(IMAGE);
      }
      return skipped;
    } finally {
      Files.delete(log);
    }
  }

  @AfterAll
  static void unmountImage() {
    if (sandbox != null) {
      sandbox.close();
    }
  }

  @Test
  void imageRunsTheJarAsTheNumericNonRootUserWithTheDockerfilesFlags() {
    ImageConfig config = sandbox.config();
    assertThat(config.user()).isEqualTo("10001:10001");
    assertThat(config.workingDir()).isEqualTo("/app");
    assertThat(config.env()).contains("WSO_TEMPLATES=/app/templates");
    assertThat(config.cmd()).containsExactly("run");
    assertThat(config.entrypoint())
        .startsWith("/opt/java/bin/java")
        .containsSubsequence(OperatorProcess.IMAGE_JVM_FLAGS)
        .endsWith("-jar", "/app/webserver-operator.jar");
  }

  @Test
  void versionAndHelpWorkThroughTheEntrypointWithoutJvmWarnings() throws Exception {
    ImageSandbox.Finished version = sandbox.run(sandbox.entrypoint("--version"));
    assertThat(version.exitCode()).as(version.output()).isZero();
    assertThat(version.output())
        .matches("webserver-operator \\d+\\.\\d+\\.\\d+\\S*\\R")
        .doesNotContainIgnoringCase("warning");

    ImageSandbox.Finished help = sandbox.run(sandbox.entrypoint("--help"));
    assertThat(help.exitCode()).as(help.output()).isZero();
    assertThat(help.output())
        .contains("Usage: webserver-operator", "render", "diff", "run", "dev")
        .doesNotContainIgnoringCase("warning");
  }

  @Test
  void theImagesJarHoldsTheOperatorAndNoBenchmark() throws IOException {
    try (ZipFile jar = new ZipFile(sandbox.file("/app/webserver-operator.jar").toFile())) {
      List<String> entries = jar.stream().map(ZipEntry::getName).toList();
      assertThat(entries).contains("io/webserveroperator/cli/Main.class");
      assertThat(entries)
          .as("the benchmark is bench/'s jar, not the operator's")
          .noneMatch(entry -> entry.startsWith("io/webserveroperator/bench/"))
          .noneMatch(entry -> entry.startsWith("io/webserveroperator/testing/"));
    }
  }

  @Test
  void theEntrypointsJavaIsTheRuntimeTheScriptLinkedAndTheOnlyJava() throws Exception {
    Matcher chosen =
        Pattern.compile("^image: runtime: jlink from (\\S+) \\((\\S+)\\)$", Pattern.MULTILINE)
            .matcher(buildOutput);
    assertThat(chosen.find()).as("hack/image.sh names the JDK it linked:\n" + buildOutput).isTrue();

    ImageSandbox.Finished version = sandbox.run(List.of("/opt/java/bin/java", "-version"));
    assertThat(version.exitCode()).as(version.output()).isZero();
    assertThat(version.output()).contains("(build " + chosen.group(2) + ")");
    assertThat(sandbox.file("/usr/lib/jvm")).as("no JDK or JRE from packages").doesNotExist();
  }

  @Test
  void theRuntimeHoldsTheModulesJdepsFindsInTheJarButThoseListedAsUnused() throws IOException {
    Path jar = sandbox.file("/app/webserver-operator.jar");
    StringWriter out = new StringWriter();
    StringWriter errors = new StringWriter();
    int code =
        ToolProvider.findFirst("jdeps")
            .orElseThrow()
            .run(
                new PrintWriter(out),
                new PrintWriter(errors),
                "--print-module-deps",
                "--ignore-missing-deps",
                "--multi-release",
                "17",
                jar.toString());
    assertThat(code).as(errors.toString()).isZero();

    List<String> found = List.of(out.toString().strip().split(","));
    // hack/runtime-modules.txt marks with a leading '-' those only unused code refers to.
    List<String> leftOut =
        Files.readAllLines(Project.file("hack/runtime-modules.txt")).stream()
            .filter(line -> line.startsWith("-"))
            .map(line -> line.substring(1).replaceFirst("\\s*#.*", "").strip())
            .toList();
    List<String> linked = runtimeModules();
    assertThat(linked)
        .as("jdeps found %s; the list leaves out %s", found, leftOut)
        .containsAll(found.stream().filter(module -> !leftOut.contains(module)).toList())
        .doesNotContainAnyElementsOf(leftOut)
        .doesNotContain("java.se", "jdk.compiler", "jdk.jshell");
  }

  @Test
  void theRuntimeStartsWithItsCdsArchiveAndItsOwnTrustedCas() throws Exception {
    List<String> withArchive = new ArrayList<>(List.of("/opt/java/bin/java", "-Xshare:on"));
    withArchive.addAll(OperatorProcess.IMAGE_JVM_FLAGS);
    withArchive.add("-version");
    ImageSandbox.Finished shared = sandbox.run(withArchive);
    assertThat(shared.exitCode())
        .as("-Xshare:on fails without a CDS archive: " + shared.output())
        .isZero();

    Path cacerts = sandbox.file("/opt/java/lib/security/cacerts");
    assertThat(Files.isSymbolicLink(cacerts))
        .as("the runtime's own trusted CAs, not a link into the build machine's /etc")
        .isFalse();
    ImageSandbox.Finished cas =
        sandbox.run(
            List.of("/opt/java/bin/keytool", "-list", "-cacerts", "-storepass", "changeit"));
    assertThat(cas.exitCode()).as(cas.output()).isZero();
    assertThat(cas.output()).containsPattern("Your keystore contains \\d{3} entries");
  }

  @Test
  void theImageIsSmallerThanOnDebiansJre() {
    assertThat(sandbox.size()).isLessThan(SIZE_LIMIT);
  }

  /** The MODULES of the runtime's release file: those linked and what they require. */
  private static List<String> runtimeModules() throws IOException {
    return Files.readAllLines(sandbox.file("/opt/java/release")).stream()
        .filter(line -> line.startsWith("MODULES="))
        .flatMap(
            line -> Arrays.stream(line.substring("MODULES=".length()).replace("\"", "").split(" ")))
        .toList();
  }

  @Test
  void onlyTmpIsWritable() throws Exception {
    ImageSandbox.Finished app = sandbox.run(List.of("touch", "/app/probe"));
    assertThat(app.exitCode()).isNotZero();
    assertThat(app.output()).contains("Read-only file system");
    assertThat(sandbox.run(List.of("touch", "/tmp/probe")).exitCode()).isZero();
  }

  @Test
  void runReconcilesTheSampleAsTheDeployServiceAccountAndStopsOnSigterm() throws Exception {
    KubernetesClient admin = KubeTestBed.get().withCrds().client();
    DeployRbac.apply(admin);
    String namespace = KubeTestBed.get().newNamespace("image");
    Path kubeFolder = serviceAccountKubeconfig(admin);
    int port = freePort();
    Path log = temp.resolve("operator.log");

    long start = System.nanoTime();
    Process operator =
        sandbox.start(
            sandbox.entrypoint(
                "run",
                "--templates=/app/templates",
                "--kubeconfig=" + KUBE_FOLDER + "/kubeconfig",
                "--namespace=" + namespace,
                "--health-port=" + port),
            Map.of(kubeFolder, KUBE_FOLDER),
            log);
    try {
      Waits.until(
          Waits.await("the image's /readyz 200, or the operator gone")
              .pollInterval(Duration.ofMillis(20)),
          () -> ready(port) || !operator.isAlive(),
          readyOrGone -> readyOrGone);
      assertThat(operator.isAlive()).as(() -> "The operator exited early:\n" + read(log)).isTrue();
      System.out.printf(
          "ImageIT: the image's entrypoint answered /readyz 200 %d ms after its start%n",
          Duration.ofNanos(System.nanoTime() - start).toMillis());

      try (InputStream sample =
          Files.newInputStream(Project.file("samples/webapp_v1_webserver.yaml"))) {
        admin.load(sample).inNamespace(namespace).create();
      }
      WebServers webServers = new WebServers(admin, namespace);
      Waits.untilAsserted(
          () -> {
            assertThat(
                    admin
                        .apps()
                        .deployments()
                        .inNamespace(namespace)
                        .withName("my-nginx-app-deployment")
                        .get())
                .isNotNull();
            assertThat(
                    admin.services().inNamespace(namespace).withName("my-nginx-app-service").get())
                .isNotNull();
            assertThat(webServers.condition("my-nginx-app", "Ready")).isPresent();
          });

      ImageSandbox.terminate(operator);
      assertThat(operator.waitFor(30, TimeUnit.SECONDS)).as("stopped after SIGTERM").isTrue();
      assertThat(operator.exitValue()).as("exit code after SIGTERM: 128 + 15").isEqualTo(143);
      assertThat(read(log))
          .contains("Stopping: finishing in-flight reconciles")
          .doesNotContain("Read-only file system");
    } finally {
      operator.destroyForcibly();
    }
  }

  /**
   * A folder with a kubeconfig holding a TokenRequest token of deploy/'s ServiceAccount, as the
   * kubelet gives a pod, owned by the image's user (it is the only one who may read it).
   */
  private Path serviceAccountKubeconfig(KubernetesClient admin) throws IOException {
    String token = DeployRbac.token(admin);
    Config cluster = Config.fromKubeconfig(KubeTestBed.get().kubeConfigYaml());
    // kube-api-test's kubeconfig names the CA by file.
    String caPem = Files.readString(Path.of(cluster.getCaCertFile()));
    Path folder = Files.createDirectories(temp.resolve("kube"));
    Path file =
        new KubeConfig(URI.create(cluster.getMasterUrl()), caPem, token)
            .write(folder.resolve("kubeconfig"));
    for (Path path : List.of(folder, file)) {
      Files.setAttribute(path, "unix:uid", Integer.parseInt(sandbox.config().uid()));
      Files.setAttribute(path, "unix:gid", Integer.parseInt(sandbox.config().gid()));
    }
    return folder;
  }

  private static boolean ready(int port) {
    try {
      HttpResponse<Void> response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz"))
                  .timeout(Duration.ofSeconds(1))
                  .build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static String read(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return socket.getLocalPort();
    }
  }
}
