package io.webserveroperator.dev;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * A kubeconfig for one cluster, one bearer-token user and one context, all named {@code
 * webserver-operator-dev}. The CA certificates are embedded, so a copy of the file works anywhere.
 *
 * @param server the API server URL
 * @param caPem the PEM certificates that the API server's serving certificate chains to
 * @param token the bearer token
 */
public record KubeConfig(URI server, String caPem, String token) {

  /** The name of the cluster, user and context. */
  public static final String NAME = "webserver-operator-dev";

  public KubeConfig {
    if (server == null || caPem == null || caPem.isBlank() || token == null || token.isBlank()) {
      throw new IllegalArgumentException(
          "A kubeconfig needs a server, CA certificates and a token.");
    }
  }

  /** The kubeconfig as YAML. */
  public String toYaml() {
    String ca = Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII));
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: %1$s
          cluster:
            server: %2$s
            certificate-authority-data: %3$s
        users:
        - name: %1$s
          user:
            token: %4$s
        contexts:
        - name: %1$s
          context:
            cluster: %1$s
            user: %1$s
            namespace: default
        current-context: %1$s
        """
        .formatted(NAME, server, ca, token);
  }

  /** Writes the YAML to {@code file}, readable by the owner only since it holds a token. */
  public Path write(Path file) {
    try {
      Files.writeString(file, toYaml(), StandardCharsets.UTF_8);
      try {
        Files.setPosixFilePermissions(
            file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // Non-POSIX file systems keep their default permissions.
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
