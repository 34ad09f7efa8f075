package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.testing.Project;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RbacCheckTest {

  @Test
  void printedClusterRoleGrantsExactlyWhatDeployGrants(@TempDir Path dir) throws Exception {
    String project =
        Lint.run(
                new LintInput(
                    Project.file("templates"),
                    Project.file("crds"),
                    Project.file("samples"),
                    Project.file("deploy")),
                OpenApiSchemas.folder(Project.file("schemas")))
            .clusterRole(OperatorName.defaults())
            .orElseThrow();
    Files.writeString(dir.resolve("role.yaml"), project);

    ClusterRoleRules deploy = ClusterRoleRules.read(Project.file("deploy"));
    ClusterRoleRules fromTemplates = ClusterRoleRules.read(dir);
    List<String> projectGrants = grants(project);
    assertThat(projectGrants).allMatch(grant -> grants(deploy, grant));
    assertThat(grants(Files.readString(Project.file("deploy/clusterrole.yaml"))))
        .allMatch(grant -> grants(fromTemplates, grant));
  }

  private static boolean grants(ClusterRoleRules rules, String grant) {
    return part(grant, 3).isEmpty()
        ? rules.grants(part(grant, 0), part(grant, 1), part(grant, 2))
        : rules.grantsNamed(part(grant, 0), part(grant, 1), part(grant, 2), part(grant, 3));
  }

  /**
   * Each group, resource, verb and, for a rule limited to names, name a role's rules grant, as
   * {@code group|resource|verb|name}.
   */
  private static List<String> grants(String role) throws Exception {
    JsonNode rules = new YAMLMapper().readTree(role).path("rules");
    List<String> grants = new ArrayList<>();
    for (JsonNode rule : rules) {
      List<String> names = new ArrayList<>();
      rule.path("resourceNames").forEach(name -> names.add(name.asText()));
      if (names.isEmpty()) {
        names.add("");
      }
      for (JsonNode group : rule.path("apiGroups")) {
        for (JsonNode resource : rule.path("resources")) {
          for (JsonNode verb : rule.path("verbs")) {
            for (String name : names) {
              grants.add(
                  group.asText() + "|" + resource.asText() + "|" + verb.asText() + "|" + name);
            }
          }
        }
      }
    }
    return grants;
  }

  private static String part(String grant, int index) {
    return grant.split("\\|", -1)[index];
  }
}
