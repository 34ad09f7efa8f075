package io.webserveroperator.lint;

import static io.webserveroperator.lint.LintFixtures.FIXTURES;
import static io.webserveroperator.lint.LintFixtures.edit;
import static io.webserveroperator.lint.LintFixtures.editedTemplates;
import static io.webserveroperator.lint.LintFixtures.errors;
import static io.webserveroperator.lint.LintFixtures.lintResultWithProjectFiles;
import static io.webserveroperator.lint.LintFixtures.lintWithProjectFiles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lint over whole template folders: what it must accept, and what it must find, where. */
class LintTest {

  @Test
  void projectTemplatesHaveNoFinding() {
    assertThat(lintWithProjectFiles(Project.file("templates"))).isEmpty();
  }

  @Test
  void variedCorrectTemplatesHaveNoFinding() {
    assertThat(LintFixtures.lintVaried().findings()).isEmpty();
  }

  @Test
  void brokenCopyGivesOneErrorPerDefectWithFileAndLine() {
    Path broken = FIXTURES.resolve("broken");

    List<Finding> errors = errors(lintWithProjectFiles(broken));

    assertThat(errors)
        .extracting(f -> Path.of(f.file()).getFileName().toString() + ":" + f.line())
        .containsExactly("configmap.yaml.j2:8", "deployment.yaml.j2:11", "ingress.yaml.j2:14");
    assertThat(errors.get(0).message()).contains("include names _labels.yaml.j2");
    assertThat(errors.get(1).message())
        .startsWith("Deployment spec.replicas: ")
        .contains("string found, integer expected");
    assertThat(errors.get(2).message())
        .isEqualTo(
            "spec.ingress.hots is not in WebServer's schema (did you mean spec.ingress.host?)");
  }

  @Test
  void fieldNoTemplateReadsIsAWarningAtItsCrdLine(@TempDir Path dir) throws Exception {
    Path templates =
        editedTemplates(
            dir,
            "webserver/service.yaml.j2",
            "{{ spec.serviceType | default('ClusterIP') }}",
            "ClusterIP");

    List<Finding> findings = lintWithProjectFiles(templates);

    Path crd = Project.file("crds/webapp.example.com_webservers.yaml");
    int line = Files.readAllLines(crd).indexOf("                serviceType:") + 1;
    assertThat(findings)
        .containsExactly(
            Finding.warning(
                crd.toString(),
                line,
                "spec.serviceType is declared in WebServer's CRD but no template reads it"));
  }

  @Test
  void aStatusFieldTheCrdDoesNotDeclareIsAnErrorAtItsVersionLine(@TempDir Path dir)
      throws Exception {
    Path templates =
        editedTemplates(
            dir,
            "webserver/_status.yaml.j2",
            "selector: app={{ metadata.name }}",
            "selector: app={{ metadata.name }}\nendpoint: http://{{ metadata.name }}");

    List<Finding> findings = lintWithProjectFiles(templates);

    Path crd = Project.file("crds/webapp.example.com_webservers.yaml");
    int line = Files.readAllLines(crd).indexOf("    - name: v1") + 1;
    assertThat(errors(findings))
        .containsExactly(
            Finding.error(
                crd.toString(),
                line,
                "CRD webservers.webapp.example.com, version v1, cannot hold the status the operator"
                    + " writes: declare status.endpoint in its openAPIV3Schema (or set"
                    + " x-kubernetes-preserve-unknown-fields: true on status), as create api writes"
                    + " them; the operator would reconcile no WebServer"));
  }

  @Test
  void typoThroughASetAliasIsFound(@TempDir Path dir) {
    Path templates =
        editedTemplates(
            dir,
            "webserver/ingress.yaml.j2",
            "{% if spec.ingress.className is defined %}",
            "{% set ingress = spec.ingress %}\n{% if ingress.clasName is defined %}");

    assertThat(errors(lintWithProjectFiles(templates)))
        .extracting(Finding::line, Finding::message)
        .containsExactly(
            tuple(
                11,
                "spec.ingress.clasName is not in WebServer's schema (did you mean"
                    + " spec.ingress.className?)"));
  }

  @Test
  void unknownKeyOfWatchesYamlIsAnErrorAtItsLine(@TempDir Path dir) {
    Path templates = editedTemplates(dir, "watches.yaml", "  status:", "  statsu:");

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).isEqualTo(templates.resolve("watches.yaml").toString());
              assertThat(f.line()).isEqualTo(6);
              assertThat(f.message()).contains("unknown key 'statsu'");
            });
  }

  @Test
  void missingFolderAndStatusTemplateAreErrorsInWatchesYaml(@TempDir Path dir) {
    Path templates =
        editedTemplates(dir, "watches.yaml", "templates: webserver ", "templates: webservers ");
    edit(templates.resolve("watches.yaml"), "status: webserver/", "status: webservers/");

    assertThat(errors(lintWithProjectFiles(templates)))
        .extracting(f -> f.line() + ": " + f.message())
        .satisfiesExactly(
            folder ->
                assertThat(folder)
                    .startsWith("5: the templates folder ")
                    .endsWith("does not exist; create it or fix 'templates'"),
            status ->
                assertThat(status)
                    .startsWith("6: the status template ")
                    .endsWith("does not exist; create it or fix 'status'"));
  }

  @Test
  void templateThatDoesNotParseIsAnErrorAtItsLine(@TempDir Path dir) {
    Path templates =
        editedTemplates(
            dir,
            "webserver/service.yaml.j2",
            "{{ metadata.name }}-service",
            "{% if spec.port %}{{ metadata.name }}");

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).endsWith("service.yaml.j2");
              assertThat(f.line()).isEqualTo(4);
              assertThat(f.level()).isEqualTo(Finding.Level.ERROR);
              assertThat(f.message()).contains("does not parse", "Missing end tag: endif");
            });
  }

  @Test
  void expressionThatDoesNotParseInAnUntakenBranchIsAnError(@TempDir Path dir) {
    Path templates =
        editedTemplates(
            dir,
            "webserver/ingress.yaml.j2",
            "{{ metadata.name }}-ingress",
            "{{ metadata.name ~ }}-ingress");

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).endsWith("ingress.yaml.j2");
              assertThat(f.line()).isEqualTo(6);
              assertThat(f.message()).startsWith("the expression 'metadata.name ~' does not parse");
            });
  }

  @Test
  void macroMissingFromAnImportedFileIsAnError(@TempDir Path dir) throws Exception {
    Path templates =
        editedTemplates(
            dir,
            "webserver/service.yaml.j2",
            "  type: {{ spec.serviceType | default('ClusterIP') }}",
            "{% import '_names.j2' as names %}\n  type: {{ names.service_typ(spec.serviceType) }}");
    Files.writeString(
        templates.resolve("webserver/_names.j2"),
        "{% macro service_type(t) %}{{ t | default('ClusterIP') }}{% endmacro %}\n");

    assertThat(errors(lintWithProjectFiles(templates)))
        .extracting(Finding::message)
        .anySatisfy(
            message ->
                assertThat(message)
                    .startsWith("macro service_typ is not defined in ")
                    .endsWith("it defines [service_type]"));
  }

  @Test
  void lifecycleAnnotationWithAnUnknownValueInAnUntakenBranchIsAnErrorAtItsLine(@TempDir Path dir) {
    Path templates =
        annotatedService(
            dir,
            """
            {% if metadata.name == 'legacy' %}
              annotations:
                webserver-operator.io/resource-policy: keeep
            {% endif %}
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).isEqualTo(templates.resolve(SERVICE).toString());
              assertThat(f.line()).isEqualTo(7);
              assertThat(f.level()).isEqualTo(Finding.Level.ERROR);
              assertThat(f.message())
                  .isEqualTo(
                      "annotation webserver-operator.io/resource-policy has the value 'keeep';"
                          + " the only value it accepts is 'keep' (docs/annotations.md)");
            });
  }

  @Test
  void lifecycleAnnotationARenderedObjectCarriesIsOneErrorNotTwo(@TempDir Path dir) {
    Path templates =
        annotatedService(
            dir,
            """
              annotations:
                webserver-operator.io/ssa: Sometimes
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).isEqualTo(templates.resolve(SERVICE).toString());
              assertThat(f.line()).isEqualTo(6);
              assertThat(f.message())
                  .startsWith("annotation webserver-operator.io/ssa has the value 'Sometimes'")
                  .doesNotContain("rendering");
            });
  }

  @Test
  void unknownAnnotationKeyUnderTheOperatorsPrefixIsAnError(@TempDir Path dir) {
    Path templates =
        annotatedService(
            dir,
            """
              annotations:
                webserver-operator.io/resource-polcy: keep
            """);

    assertThat(errors(lintWithProjectFiles(templates)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.line()).isEqualTo(6);
              assertThat(f.message())
                  .startsWith(
                      "annotation webserver-operator.io/resource-polcy is not one the operator"
                          + " knows");
            });
  }

  @Test
  void annotationValueAnExpressionWritesIsOneErrorWhenRenderedNamingItsLine(@TempDir Path dir) {
    Path templates =
        annotatedService(
            dir,
            """
              annotations:
                webserver-operator.io/ssa: {{ 'Some' ~ 'times' }}
            """);

    assertThat(lintWithProjectFiles(templates))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file()).isEqualTo(templates.resolve(SERVICE).toString());
              assertThat(f.line()).isEqualTo(6);
              assertThat(f.level()).isEqualTo(Finding.Level.ERROR);
              assertThat(f.message())
                  .contains("has the value 'Sometimes'")
                  .endsWith("(rendering " + Project.file("samples/webapp_v1_webserver.yaml") + ")");
            });
  }

  @Test
  void validLifecycleAnnotationsHaveNoFinding(@TempDir Path dir) {
    Path templates =
        annotatedService(
            dir,
            """
              annotations:
                webserver-operator.io/resource-policy: keep
                webserver-operator.io/ssa: IfNotPresent
                webserver-operator.io/force: enabled
            """);

    assertThat(lintWithProjectFiles(templates)).isEmpty();
  }

  private static final String SERVICE = "webserver/service.yaml.j2";

  /** A copy of the templates whose Service gets {@code lines} after its name, from line 5 on. */
  private static Path annotatedService(Path dir, String lines) {
    String name = "  name: {{ metadata.name }}-service\n";
    return editedTemplates(dir, SERVICE, name, name + lines);
  }

  @Test
  void persistentVolumeClaimWithoutKeepIsAWarningAtItsKindLine(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Path claim = templates.resolve("webserver/pvc.yaml.j2");
    Files.copy(FIXTURES.resolve("pvc.yaml.j2"), claim);

    List<Finding> findings = lintWithProjectFiles(templates);

    assertThat(findings)
        .filteredOn(f -> f.message().contains("resource-policy"))
        .containsExactly(
            Finding.warning(
                claim.toString(),
                2,
                "PersistentVolumeClaim rendered without webserver-operator.io/resource-policy:"
                    + " keep: deleting the WebServer or no longer rendering the claim deletes it,"
                    + " and with the usual reclaim policy (Delete) its volume's data; add the"
                    + " annotation to keep it (Helm's helm.sh/resource-policy: keep)"));
  }

  @Test
  void persistentVolumeClaimWithKeepHasNoWarning(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Path claim = templates.resolve("webserver/pvc.yaml.j2");
    Files.copy(FIXTURES.resolve("pvc.yaml.j2"), claim);
    edit(
        claim,
        "  labels:\n",
        "  annotations:\n    webserver-operator.io/resource-policy: keep\n  labels:\n");

    assertThat(lintWithProjectFiles(templates))
        .extracting(Finding::message)
        .noneMatch(message -> message.contains("resource-policy"));
  }

  @Test
  void kindDeployDoesNotGrantIsAnErrorWithTheRuleToAdd(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Files.copy(FIXTURES.resolve("pdb.yaml.j2"), templates.resolve("webserver/pdb.yaml.j2"));

    LintResult result = lintResultWithProjectFiles(templates);

    assertThat(errors(result.findings()))
        .extracting(Finding::line, Finding::message)
        .containsExactly(
            tuple(
                2,
                "PodDisruptionBudget (policy/v1) is rendered here but deploy/'s ClusterRole does"
                    + " not grant get, list, watch, create, patch, delete on it; add the rule"
                    + " {apiGroups: [\"policy\"], resources: [poddisruptionbudgets], verbs: [get,"
                    + " list, watch, create, patch, delete]}"));
    assertThat(result.clusterRole(OperatorName.defaults()).orElseThrow())
        .contains("- policy\n  resources:\n  - poddisruptionbudgets\n");
  }

  @Test
  void objectsATestCaseRendersAreValidatedAndNamedByTheCase(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyKindInto(dir.resolve("templates"), "WebServer");
    Files.writeString(
        templates.resolve("webserver/tests/replicas_test.yaml"),
        """
        resource:
          metadata: {name: shop}
          spec: {image: nginx, replicas: "two"}
        tests:
          - it: takes replicas as text
            asserts:
              - hasDocuments: {count: 2}
          - it: is refused without an image
            set: {spec.image: null}
            asserts:
              - failedTemplate: {errorContains: image}
        """);

    // Without the CRD, which refuses the case's resource first (below), the rendered Deployment is
    // what the Kubernetes schema refuses.
    List<Finding> findings =
        LintFixtures.lint(
            templates, dir.resolve("no-crds"), Project.file("samples"), Project.file("deploy"));

    assertThat(errors(findings))
        .singleElement()
        .satisfies(
            error ->
                assertThat(error.message())
                    .startsWith("Deployment spec.replicas: ")
                    .endsWith("replicas_test.yaml, case \"takes replicas as text\")"));
  }

  @Test
  void aTestCaseTheCrdRefusesIsAnErrorAtItsFileNamingTheCase(@TempDir Path dir) throws Exception {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    Path test = templates.resolve("webserver/tests/replicas_test.yaml");
    Files.writeString(
        test,
        """
        resource:
          metadata: {name: shop}
          spec: {image: nginx, replicas: "two"}
        tests:
          - it: takes replicas as text
            asserts:
              - hasDocuments: {count: 2}
        """);

    LintResult result = lintResultWithProjectFiles(templates);

    assertThat(errors(result.findings()))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error.file()).isEqualTo(test.toString());
              assertThat(error.message())
                  .startsWith("WebServer default/shop would be refused by the API server (")
                  .contains(
                      "spec.replicas: Invalid value: \"string\": spec.replicas in body must be of"
                          + " type integer: \"string\"")
                  .endsWith("replicas_test.yaml, case \"takes replicas as text\")");
            });
  }
}
