package io.webserveroperator.lint;

import static io.webserveroperator.lint.LintFixtures.edit;
import static io.webserveroperator.lint.LintFixtures.editedTemplates;
import static io.webserveroperator.lint.LintFixtures.errors;
import static io.webserveroperator.lint.LintFixtures.lintResultWithProjectFiles;
import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.template.watches.DeclaredLookup;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lint reads the lookups the templates make against watches.yaml's lookups and deploy/'s
 * ClusterRole, and where they write generated_secret, whatever branch does it.
 */
class LookupLintTest {

  private static final String FILE = "templates/webserver/settings.yaml.j2";
  private static final TemplatedKind WEB =
      new TemplatedKind(
          "webapp.example.com",
          "v1",
          "WebServer",
          "webserver",
          null,
          false,
          null,
          false,
          null,
          null,
          null,
          List.of(
              new DeclaredLookup("v1", "ConfigMap", List.of("platform")),
              new DeclaredLookup("v1", "Secret", List.of())),
          null);

  @Test
  void aLookupNoEntryDeclaresIsAnErrorAtItsLineNamingTheEntry() {
    String template =
        """
        data:
          a: {{ lookup('v1', 'ConfigMap', 'platform', 'defaults').data.a }}
        {% if spec.x is defined %}
          b: {{ lookup("v1", "ConfigMap", "elsewhere", "defaults").data.b }}
          c: {{ lookup('apps/v1', 'Deployment', '', '') }}
        {% endif %}
          d: {{ lookup('v1', 'Secret', '', 'creds') }}
          e: {{ lookup('v1', 'ConfigMap', spec.ns, 'x') }}
        """;

    assertThat(LookupCheck.check(FILE, template, WEB))
        .extracting(Finding::line, Finding::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                4,
                "lookup of v1 ConfigMap in elsewhere is not declared for WebServer, so the render"
                    + " fails here; add {apiVersion: v1, kind: ConfigMap, namespaces: [elsewhere]}"
                    + " under lookups: in its watches.yaml entry"),
            org.assertj.core.groups.Tuple.tuple(
                5,
                "lookup of apps/v1 Deployment is not declared for WebServer, so the render fails"
                    + " here; add {apiVersion: apps/v1, kind: Deployment} under lookups: in its"
                    + " watches.yaml entry"));
  }

  @Test
  void generatedSecretOutsideASecretsValuesIsAnErrorAtItsLine() {
    String template =
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: {{ metadata.name }}-credentials
        stringData:
          password: {{ generated_secret(32) }}
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-config
        data:
          password: {{ generated_secret(32) }}
        """;

    assertThat(GeneratedSecretCheck.check(FILE, template))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.line()).isEqualTo(13);
              assertThat(error.message())
                  .contains("stands at data.password")
                  .contains("only as the value of a key under a Secret's data or stringData");
            });
  }

  @Test
  void aLookedUpKindDeployDoesNotGrantIsAnErrorAndPrintRbacAddsIt(@TempDir Path dir)
      throws IOException {
    Path templates =
        editedTemplates(
            dir,
            "watches.yaml",
            "  status: webserver/_status.yaml.j2 # renders status fields from the live children\n",
            "  status: webserver/_status.yaml.j2\n"
                + "  lookups:\n"
                + "  - {apiVersion: v1, kind: ConfigMap, namespaces: [platform]}\n"
                + "  - {apiVersion: v1, kind: ServiceAccount, namespaces: [vault]}\n");
    edit(
        templates.resolve("webserver/configmap.yaml.j2"),
        "\ndata:\n",
        "\ndata:\n"
            + "  region: \"{{ lookup('v1', 'ConfigMap', 'platform', 'defaults')"
            + ".get('data', {}).get('region', '') }}\"\n");

    LintResult result = lintResultWithProjectFiles(templates);

    assertThat(errors(result.findings()))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.file()).endsWith("watches.yaml");
              assertThat(error.message())
                  .isEqualTo(
                      "WebServer's templates look up ServiceAccount (v1) but deploy/'s"
                          + " ClusterRole does not grant list, watch on it; add the rule"
                          + " {apiGroups: [\"\"], resources: [serviceaccounts], verbs: [list,"
                          + " watch]}");
            });
    String role = result.clusterRole(OperatorName.defaults()).orElseThrow();
    assertThat(role)
        .as("ConfigMaps are rendered already; ServiceAccounts only looked up")
        .contains("  - serviceaccounts\n  verbs:\n  - list\n  - watch")
        .doesNotContain("configmaps\n  verbs:\n  - list");
  }
}
