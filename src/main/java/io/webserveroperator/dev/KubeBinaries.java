package io.webserveroperator.dev;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The folder that holds etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubectl and
 * kwok for one Kubernetes version: {@code ~/.kubeapitest/k8s/<version>-<os>-<arch>}, the same
 * folder kube-api-test uses and {@code hack/kube-binaries.sh} fills.
 *
 * @param folder the folder with the binaries
 */
public record KubeBinaries(Path folder) {

  /** Every binary the local cluster starts or points users to. */
  public static final List<String> NAMES =
      List.of(
          "etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "kubectl", "kwok");

  public KubeBinaries {
    if (folder == null) {
      throw new IllegalArgumentException("The binaries folder must not be null.");
    }
    folder = folder.toAbsolutePath().normalize();
  }

  /** The binaries for the Kubernetes version this build pins. */
  public static KubeBinaries forBuildVersion() {
    return forVersion(ToolVersions.fromClasspath().kubernetes());
  }

  /**
   * The binaries for a Kubernetes version, under {@code $KUBE_API_TEST_DIR} when set, else under
   * {@code ~/.kubeapitest}.
   */
  public static KubeBinaries forVersion(String kubernetesVersion) {
    String base = System.getenv("KUBE_API_TEST_DIR");
    Path root =
        base == null || base.isBlank()
            ? Path.of(System.getProperty("user.home"), ".kubeapitest")
            : Path.of(base);
    return new KubeBinaries(
        root.resolve("k8s").resolve(kubernetesVersion + "-" + operatingSystem() + "-" + arch()));
  }

  /** The path of one binary, whether or not it exists. */
  public Path binary(String name) {
    return folder.resolve(name);
  }

  public Path etcd() {
    return binary("etcd");
  }

  public Path kubeApiServer() {
    return binary("kube-apiserver");
  }

  public Path kubeControllerManager() {
    return binary("kube-controller-manager");
  }

  public Path kubeScheduler() {
    return binary("kube-scheduler");
  }

  public Path kubectl() {
    return binary("kubectl");
  }

  public Path kwok() {
    return binary("kwok");
  }

  /** The names of the binaries that are missing or not executable. */
  public List<String> missing() {
    return NAMES.stream().filter(name -> !Files.isExecutable(binary(name))).toList();
  }

  /** Returns this when every binary is there, or says which are missing and how to get them. */
  public KubeBinaries requireAll() {
    List<String> missing = missing();
    if (!missing.isEmpty()) {
      throw new DevClusterException(
          "The Kubernetes binaries "
              + String.join(", ", missing)
              + " are missing from "
              + folder
              + "; run hack/kube-binaries.sh (it needs Go) to build them.");
    }
    return this;
  }

  private static String operatingSystem() {
    String name = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    if (name.contains("mac") || name.contains("darwin")) {
      return "darwin";
    }
    return name.contains("win") ? "windows" : "linux";
  }

  private static String arch() {
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    return switch (arch) {
      case "x86_64", "amd64" -> "amd64";
      case "aarch64", "arm64" -> "arm64";
      default -> arch;
    };
  }
}
