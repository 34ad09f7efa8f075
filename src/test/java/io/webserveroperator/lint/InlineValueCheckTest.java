package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lint warns where a spec field is printed within a line of a block scalar and its CRD lets it hold
 * a line break, naming the template line, the field in the CRD and the pattern; nowhere else.
 */
class InlineValueCheckTest {

  static final Path REDIS =
      Project.file("src/test/resources/io/webserveroperator/faults/redis-cache");

  static final TemplatedKind KIND =
      TemplatedKind.of("test.example.com", "v1", "RedisCache", "rediscache");

  static List<Finding> check(Path templates, Path crds) {
    CrdSchemas.SpecSchema schema =
        CrdSchemas.read(crds).find("test.example.com", "v1", "RedisCache").orElseThrow();
    return InlineValueCheck.check(KindSources.read(templates, KIND), schema);
  }

  @Test
  void warnsWhereAFieldPrintedWithinALineMayHoldALineBreakNamingBothPlacesAndTheFix() {
    List<Finding> findings = check(REDIS.resolve("templates"), REDIS.resolve("crd"));

    assertThat(findings).hasSize(1);
    Finding finding = findings.get(0);
    assertThat(finding.level()).isEqualTo(Finding.Level.WARNING);
    assertThat(finding.file()).endsWith("templates/rediscache/configmap.yaml.j2");
    assertThat(finding.line()).isEqualTo(11);
    assertThat(finding.message())
        .startsWith(
            "spec.config[*] is printed within a line of a block scalar, beside other text, and"
                + " RedisCache's CRD lets it hold a line break (")
        .contains("crd/rediscaches.yaml:36)")
        .contains("pattern: '^[^\\n\\r\\x0B\\x0C\\x1C-\\x1E\\x{85}\\x{2028}\\x{2029}]*$'")
        .endsWith("or print the value on a line of its own");
  }

  @Test
  void warnsOnlyWhereAValueSharesALineOfABlockScalarAndItsSchemaAdmitsABreak(@TempDir Path dir)
      throws IOException {
    Path templates = Files.createDirectories(dir.resolve("templates/rediscache"));
    Files.writeString(
        templates.resolve("configmap.yaml.j2"),
        """
        metadata:
          name: x-{{ spec.open }}
        data:
          a.conf: |
            {{ spec.open | indent(4) }}
            motd {{ spec.open | multiline }}
            policy {{ spec.policy }}
            mode {{ spec.mode }}
            size {{ spec.size }}
            lax {{ spec.lax }}
        {% for item in spec.items %}
            item {{ item.name }}
        {% endfor %}
          b.conf: >-
            {{- spec.open | nindent(4) }}
            open {{ spec.open }}
          title: {{ spec.open }} and {{ spec.lax }}
        """);
    Path crds = Files.createDirectories(dir.resolve("crds"));
    Files.writeString(
        crds.resolve("crd.yaml"),
        """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        spec:
          group: test.example.com
          names: {kind: RedisCache}
          versions:
            - name: v1
              schema:
                openAPIV3Schema:
                  type: object
                  properties:
                    spec:
                      type: object
                      properties:
                        open: {type: string}
                        policy: {type: string, enum: [allkeys-lru, noeviction]}
                        mode: {type: string, pattern: '^[a-z]+$'}
                        size: {type: integer}
                        lax: {type: string, pattern: '^[^\\n]*$'}
                        items:
                          type: array
                          items:
                            type: object
                            x-kubernetes-preserve-unknown-fields: true
        """);

    List<Finding> findings = check(dir.resolve("templates"), crds);

    assertThat(findings)
        .extracting(f -> f.line() + " " + f.message().substring(0, f.message().indexOf(' ')))
        .containsExactly("10 spec.lax", "12 spec.items[].name", "16 spec.open");
  }
}
