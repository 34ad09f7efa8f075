package io.webserveroperator.dev;

import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The local cluster's default StorageClass, {@code standard} as kind names its own, so that a claim
 * without a class (a StatefulSet's, a database's) is bound at once as on a real cluster: its volume
 * comes from kube-controller-manager's hostpath provisioner ({@code
 * --enable-hostpath-provisioner}), an empty folder under {@code /tmp/hostpath_pv} that no pod ever
 * mounts, since kwok runs no container. The provisioner deletes a folder with its claim; those of
 * the volumes still there when the cluster stops are removed by {@link #remove}.
 */
final class HostPathStorage {

  /** The default StorageClass's name. */
  static final String CLASS = "standard";

  /** The in-tree provisioner that the controller manager runs with the flag. */
  static final String PROVISIONER = "kubernetes.io/host-path";

  /** Where the provisioner makes its folders: /tmp/ and its fixed base path. */
  private static final Path ROOT = Path.of("/tmp", "hostpath_pv");

  private HostPathStorage() {}

  /** Creates the default StorageClass. */
  static void install(KubernetesClient client) {
    client
        .storage()
        .v1()
        .storageClasses()
        .resource(
            new StorageClassBuilder()
                .withNewMetadata()
                .withName(CLASS)
                .addToAnnotations("storageclass.kubernetes.io/is-default-class", "true")
                .endMetadata()
                .withProvisioner(PROVISIONER)
                .withReclaimPolicy("Delete")
                .withVolumeBindingMode("Immediate")
                .build())
        .create();
  }

  /**
   * The folders of the provisioner's volumes that exist now; none when the API server does not
   * answer, since what it cannot list is left as it is. A cluster is often closed by an interrupted
   * thread (dev stopped by an interrupt), in which the client would fail at once: the request is
   * made with the interrupt cleared, which is set again after it.
   */
  static List<Path> folders(KubernetesClient client) {
    boolean interrupted = Thread.interrupted();
    try {
      return client.persistentVolumes().list().getItems().stream()
          .map(PersistentVolume::getSpec)
          .filter(spec -> spec.getHostPath() != null)
          .map(spec -> Path.of(spec.getHostPath().getPath()).normalize())
          .filter(path -> path.startsWith(ROOT) && !path.equals(ROOT))
          .toList();
    } catch (KubernetesClientException e) {
      return List.of();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Removes the folders, with whatever is inside them. */
  static void remove(List<Path> folders) {
    for (Path folder : folders) {
      if (!Files.exists(folder)) {
        continue;
      }
      try (Stream<Path> paths = Files.walk(folder)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Could not remove the volume folder " + folder, e);
      }
    }
  }
}
