package io.webserveroperator.image;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What an image tells a container runtime to run, as whom and where: the {@code Config} of {@code
 * podman image inspect}. {@link ImageSandbox} runs the image from these values alone, so the test
 * exercises what the Dockerfile declared rather than a copy of it.
 *
 * @param entrypoint the command, e.g. {@code java ... -jar /app/webserver-operator.jar}
 * @param cmd the default arguments, used when none are given
 * @param user a numeric {@code UID:GID}, which Kubernetes can check against runAsNonRoot
 * @param env {@code NAME=value} entries, the process's whole environment
 * @param workingDir the working folder
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record ImageConfig(
    @JsonProperty("Entrypoint") List<String> entrypoint,
    @JsonProperty("Cmd") List<String> cmd,
    @JsonProperty("User") String user,
    @JsonProperty("Env") List<String> env,
    @JsonProperty("WorkingDir") String workingDir) {

  ImageConfig {
    if (entrypoint == null || entrypoint.isEmpty()) {
      throw new IllegalArgumentException("The image has no ENTRYPOINT.");
    }
    if (user == null || !user.matches("\\d+:\\d+")) {
      throw new IllegalArgumentException(
          "The image's USER is '" + user + "', not a numeric UID:GID.");
    }
    cmd = cmd == null ? List.of() : List.copyOf(cmd);
    env = env == null ? List.of() : List.copyOf(env);
    workingDir = workingDir == null || workingDir.isEmpty() ? "/" : workingDir;
  }

  /** The user id of {@link #user}. */
  String uid() {
    return user.substring(0, user.indexOf(':'));
  }

  /** The group id of {@link #user}. */
  String gid() {
    return user.substring(user.indexOf(':') + 1);
  }
}
