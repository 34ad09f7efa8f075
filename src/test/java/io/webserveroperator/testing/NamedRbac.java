package io.webserveroperator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.cli.Main;
import io.webserveroperator.manifest.OperatorName;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * deploy/'s RBAC for an operator of another name, as {@code run --name} needs it beside others in
 * deploy/'s namespace: {@code kubectl kustomize deploy/} with every name that is the operator's
 * changed to its own (ServiceAccount, ClusterRole and binding, leader-election Role and binding,
 * the Lease the Role names), and the ClusterRole's rules those {@code lint --print-rbac --name}
 * prints for its templates.
 */
public final class NamedRbac {

  private NamedRbac() {}

  /**
   * Server-side applies the renamed RBAC (and deploy/'s namespace) and returns what it applied.
   *
   * @param templates the operator's templates folder
   * @param crds the folder of the CRDs of its kinds, which lint reads
   */
  public static List<HasMetadata> apply(
      KubernetesClient admin, OperatorName name, Path templates, Path crds) {
    String defaults = OperatorName.DEFAULT;
    List<HasMetadata> applied = new ArrayList<>();
    for (HasMetadata object : Kustomize.build(admin, "deploy")) {
      String rename = object.getMetadata().getName().replace(defaults, name.value());
      HasMetadata each = object;
      if (object instanceof ClusterRole) {
        each = clusterRole(admin, name, templates, crds);
      } else if (object instanceof ClusterRoleBinding binding) {
        binding.getRoleRef().setName(name.value());
        binding.getSubjects().forEach(subject -> subject.setName(name.value()));
      } else if (object instanceof Role role) {
        role.getRules().stream()
            .filter(rule -> rule.getResourceNames() != null && !rule.getResourceNames().isEmpty())
            .forEach(rule -> rule.setResourceNames(List.of(name.value())));
      } else if (object instanceof RoleBinding binding) {
        binding.getRoleRef().setName(rename);
        binding.getSubjects().forEach(subject -> subject.setName(name.value()));
      } else if (!(object instanceof ServiceAccount || object instanceof Namespace)) {
        continue; // the Deployment and the templates ConfigMap: the test runs the operator
      }
      each.getMetadata()
          .setName(object instanceof Namespace ? object.getMetadata().getName() : rename);
      admin.resource(each).fieldManager("named-rbac").forceConflicts().serverSideApply();
      applied.add(each);
    }
    return applied;
  }

  /** A token of the named operator's ServiceAccount, valid for an hour. */
  public static String token(KubernetesClient admin, OperatorName name) {
    return ServiceAccounts.token(admin, DeployRbac.NAMESPACE, name.value());
  }

  private static ClusterRole clusterRole(
      KubernetesClient admin, OperatorName name, Path templates, Path crds) {
    StringWriter out = new StringWriter();
    var cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    int exit =
        cli.execute(
            "lint",
            "--print-rbac",
            "--name",
            name.value(),
            "--templates",
            templates.toString(),
            "--crds",
            crds.toString());
    assertThat(exit).as("lint --print-rbac --name %s", name).isZero();
    return (ClusterRole)
        admin
            .load(new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)))
            .items()
            .get(0);
  }
}
