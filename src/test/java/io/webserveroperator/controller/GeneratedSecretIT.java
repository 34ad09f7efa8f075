package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.cli.Main;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code generated_secret(32)} in a Postgres's credentials Secret ({@link StatefulKind}), with the
 * operator run as {@code run} does it (a child JVM, a 2 s resync, DEBUG logs), the garbage
 * collector running: the password is made once and stays byte for byte across resyncs, a template
 * edit of its Secret, an operator restart, and the deletion and re-creation of its resource (the
 * Secret is kept); two resources get two passwords; a deleted key is made anew; a create-only
 * Secret gets one too; and no password is ever shown by {@code render}, {@code diff}, the
 * operator's log or its events.
 */
class GeneratedSecretIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("generated");
  private KubernetesClient admin;
  private String namespace;
  private WebServers postgreses;
  private Path credentials;

  @BeforeEach
  void setUp() throws IOException {
    admin = cluster.admin();
    namespace = cluster.namespace();
    postgreses = StatefulKind.addTo(cluster);
    // After the kind's CRD: the collector finds a kind served later only up to 30 s later.
    KubeTestBed.get().withGarbageCollector();
    credentials = StatefulKind.template(cluster, "credentials.yaml.j2");
    Files.writeString(
        credentials,
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: {{ metadata.name }}-credentials
          annotations:
            webserver-operator.io/resource-policy: keep
        stringData:
          password: {{ generated_secret(32) }}
        ---
        apiVersion: v1
        kind: Secret
        metadata:
          name: {{ metadata.name }}-admin
          annotations:
            webserver-operator.io/ssa: IfNotPresent
        data:
          token: {{ generated_secret(16) }}
        """);
  }

  @Test
  void aGeneratedPasswordIsMadeOnceKeptByteForByteAndNeverShown() throws Exception {
    var operator = operatorJvm("first");
    postgreses.create("orders", Map.of("version", "16"));
    postgreses.create("payments", Map.of("version", "16"));
    Waits.until(
        "the Secret payments-credentials", () -> secret("payments-credentials"), Objects::nonNull);
    Waits.until("the Secret orders-admin", () -> secret("orders-admin"), Objects::nonNull);
    String password = value("orders-credentials", "password");
    String token = value("orders-admin", "token");
    List<String> shown = new ArrayList<>(List.of(password, token));
    assertThat(password).matches("[A-Za-z0-9]{32}");
    assertThat(token).matches("[A-Za-z0-9]{16}");
    assertThat(value("payments-credentials", "password"))
        .as("each resource its own")
        .matches("[A-Za-z0-9]{32}")
        .isNotEqualTo(password);
    shown.add(value("payments-credentials", "password"));

    // Resyncs: applied at its live value, which is no change at all.
    String version = secret("orders-credentials").getMetadata().getResourceVersion();
    long reconciles = operator.reconciles();
    Waits.until(
        "the operator's reconciles", () -> operator.reconciles(), seen -> seen >= reconciles + 4);
    assertThat(value("orders-credentials", "password")).isEqualTo(password);
    assertThat(secret("orders-credentials").getMetadata().getResourceVersion())
        .as("not written by a resync")
        .isEqualTo(version);

    // A template edit of the same Secret: applied, the password with it, at its live value.
    Files.writeString(
        credentials,
        Files.readString(credentials)
            .replaceFirst("  annotations:\n", "  labels:\n    tier: database\n  annotations:\n"));
    Waits.until(
        "the tier label of orders-credentials",
        () -> secret("orders-credentials").getMetadata().getLabels().get("tier"),
        seen -> "database".equals(seen));
    assertThat(value("orders-credentials", "password")).isEqualTo(password);

    // A restart: nothing remembered, the live value read again.
    operator.stop();
    var restarted = operatorJvm("restarted");
    Waits.until(
        "the restarted operator's reconciles", () -> restarted.reconciles(), seen -> seen >= 2);
    assertThat(value("orders-credentials", "password")).isEqualTo(password);
    assertThat(value("orders-admin", "token")).isEqualTo(token);

    // Deleted with its resource, the Secret is kept; re-created, the resource adopts it as it is.
    postgreses.named("orders").delete();
    Waits.until("the Postgres orders", () -> postgreses.named("orders").get(), Objects::isNull);
    Waits.until("the Secret orders-admin", () -> secret("orders-admin"), Objects::isNull);
    postgreses.create("orders", Map.of("version", "16"));
    Waits.untilAsserted(
        () ->
            assertThat(secret("orders-credentials"))
                .satisfiesAnyOf(
                    secret ->
                        assertThat(secret.getMetadata().getOwnerReferences())
                            .as("owners of orders-credentials")
                            .isNotEmpty(),
                    secret -> assertThat(eventMessages()).as("events").contains("Adopted")));
    Waits.until("the Secret orders-admin", () -> secret("orders-admin"), Objects::nonNull);
    assertThat(value("orders-credentials", "password")).isEqualTo(password);
    shown.add(value("orders-admin", "token"));

    // A deleted key is made anew.
    admin
        .secrets()
        .inNamespace(namespace)
        .withName("orders-credentials")
        .edit(
            secret -> {
              secret.getData().remove("password");
              return secret;
            });
    Waits.until(
        "the keys of orders-credentials",
        () -> secret("orders-credentials").getData().keySet(),
        seen -> seen.contains("password"));
    String rotated = value("orders-credentials", "password");
    assertThat(rotated).matches("[A-Za-z0-9]{32}").isNotEqualTo(password);
    shown.add(rotated);

    String seen =
        String.join(
            "\n",
            restarted.log(),
            operator.log(),
            eventMessages(),
            cli("render", "-f", resourceFile().toString(), "--templates", templates()),
            cli(
                "diff",
                "--live",
                "-n",
                namespace,
                "--templates",
                templates(),
                "--kubeconfig",
                cluster.kubeconfig().toString()));
    assertThat(seen).contains("(generated)", "Secret " + namespace + "/orders-credentials");
    for (String secret : shown) {
      assertThat(seen).as("a generated secret in clear").doesNotContain(secret);
    }
  }

  /** The operator as a child JVM, resyncing every 2 s and logging at DEBUG, once it is ready. */
  private OperatorProcess operatorJvm(String name) {
    var operator =
        cluster.startOperatorJvm(
            name, List.of("--no-leader-elect", "--resync=2s"), Map.of("WSO_LOG_LEVEL", "DEBUG"));
    operator.awaitReady(Waits.TIMEOUT);
    return operator;
  }

  private Secret secret(String name) {
    return admin.secrets().inNamespace(namespace).withName(name).get();
  }

  private String value(String secret, String key) {
    return new String(
        Base64.getDecoder().decode(secret(secret).getData().get(key)), StandardCharsets.UTF_8);
  }

  private String eventMessages() {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .map(event -> event.getReason() + " " + event.getMessage())
        .collect(Collectors.joining("\n"));
  }

  private Path resourceFile() throws IOException {
    return Files.writeString(
        cluster.folder().resolve("orders.yaml"),
        "apiVersion: db.test.example.com/v1\nkind: Postgres\nmetadata: {name: orders, namespace: "
            + namespace
            + "}\nspec: {version: \"16\"}\n");
  }

  private String templates() {
    return cluster.templates().toString();
  }

  /** What a command prints, stdout and stderr. */
  private static String cli(String... args) {
    StringWriter out = new StringWriter();
    var command = Main.commandLine();
    command.setOut(new PrintWriter(out));
    command.setErr(new PrintWriter(out));
    command.execute(args);
    return out.toString();
  }
}
