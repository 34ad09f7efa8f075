package io.webserveroperator.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.VersionInfo;
import io.webserveroperator.testing.KubeTestBed;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kubernetes binaries hack/kube-binaries.sh builds say which version they are, as released ones
 * do: the API server's {@code /version} and {@code kubectl version}, client and server, give the
 * pinned version, so that clients that check it (Helm's kubeVersion, version-skew warnings) work
 * against the test bed and the dev cluster.
 */
class KubeBinariesVersionIT {

  private static final String VERSION = "v" + ToolVersions.fromClasspath().kubernetes();

  @Test
  void theApiServerSaysItsVersion() {
    VersionInfo version = KubeTestBed.get().client().getKubernetesVersion();

    assertThat(version.getGitVersion()).isEqualTo(VERSION);
    assertThat(version.getMajor() + "." + version.getMinor())
        .isEqualTo(VERSION.substring(1, VERSION.lastIndexOf('.')));
  }

  @Test
  void kubectlSaysTheVersionOfClientAndServer(@TempDir Path dir) throws Exception {
    Path kubectl = KubeBinaries.forBuildVersion().kubectl();
    assumeTrue(Files.isExecutable(kubectl), () -> kubectl + " is missing (it needs Go to build)");
    Path kubeconfig = KubeTestBed.get().writeKubeConfig(dir);

    Process process =
        new ProcessBuilder(
                kubectl.toString(), "--kubeconfig", kubeconfig.toString(), "version", "-o", "json")
            .redirectError(dir.resolve("stderr").toFile())
            .start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    process.getInputStream().transferTo(out);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

    String stderr = Files.readString(dir.resolve("stderr"));
    assertThat(process.exitValue()).as("kubectl version; stderr: %s", stderr).isZero();
    assertThat(stderr).doesNotContain("could not parse");
    JsonNode versions = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
    assertThat(versions.path("clientVersion").path("gitVersion").asText()).isEqualTo(VERSION);
    assertThat(versions.path("serverVersion").path("gitVersion").asText()).isEqualTo(VERSION);
  }
}
