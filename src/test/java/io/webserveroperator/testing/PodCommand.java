package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the operator's container in a Deployment runs, for a test that runs it on this host since no
 * kubelet does: its args, with the templates volume's mount path replaced by a folder of the
 * test's, and its environment, downward-API values resolved as the kubelet resolves them.
 *
 * @param args the container's args
 * @param env the container's environment
 */
public record PodCommand(List<String> args, Map<String, String> env) {

  public PodCommand {
    args = List.copyOf(args);
    env = Map.copyOf(env);
  }

  /** The first container of the Deployment, its templates mount at {@code templates}. */
  public static PodCommand of(Deployment deployment, Path templates) {
    Container container = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
    String mountPath =
        container.getVolumeMounts().stream()
            .filter(m -> m.getName().equals(templatesVolume(deployment).getName()))
            .findFirst()
            .orElseThrow()
            .getMountPath();
    List<String> args = new ArrayList<>();
    for (String arg : container.getArgs()) {
      args.add(arg.startsWith(mountPath) ? templates + arg.substring(mountPath.length()) : arg);
    }
    Map<String, String> env = new TreeMap<>();
    for (EnvVar variable : container.getEnv()) {
      String value =
          variable.getValueFrom() == null
              ? variable.getValue()
              : switch (variable.getValueFrom().getFieldRef().getFieldPath()) {
                case "metadata.namespace" -> deployment.getMetadata().getNamespace();
                default -> throw new AssertionError("no value for " + variable);
              };
      env.put(variable.getName(), value);
    }
    return new PodCommand(args, env);
  }

  /** The pod's volume the templates are mounted from (the first ConfigMap volume). */
  public static Volume templatesVolume(Deployment deployment) {
    return deployment.getSpec().getTemplate().getSpec().getVolumes().stream()
        .filter(v -> v.getConfigMap() != null)
        .findFirst()
        .orElseThrow();
  }

  /** This environment and these variables besides (KUBECONFIG, the health port). */
  public Map<String, String> envWith(Map<String, String> more) {
    Map<String, String> all = new TreeMap<>(env);
    all.putAll(more);
    return all;
  }
}
