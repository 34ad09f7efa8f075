package io.webserveroperator.bench.edit;

import io.webserveroperator.bench.BenchException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The templates {@code bench scale --ordered} runs the operator with: a copy of {@code --templates}
 * in two waves with one hook, the order a stateful kind uses. The Service is wave -1, ready as soon
 * as it exists; the Deployment (wave 0) waits for it; a ConfigMap {@code <name>-installed} runs as
 * a pre-install hook, so every WebServer's first reconcile creates its run and records it in {@code
 * status.hooks} before anything else is applied. A Deployment is the last wave, so no simulated
 * controller is needed for a resource to settle.
 */
public final class OrderedTemplates {

  private static final String SERVICE_NAME = "  name: {{ metadata.name }}-service\n";
  private static final String DEPLOYMENT_NAME = "  name: {{ name }}-deployment\n";

  private OrderedTemplates() {}

  /** Copies {@code source} to {@code target} (emptied first) and orders it; returns it. */
  public static Path copy(Path source, Path target) {
    Path root = TemplateCopy.of(source, target).root();
    Path folder = root.resolve("webserver");
    try {
      annotate(
          folder.resolve("service.yaml.j2"), SERVICE_NAME, "webserver-operator.io/wave: \"-1\"");
      annotate(
          folder.resolve("deployment.yaml.j2"),
          DEPLOYMENT_NAME,
          "webserver-operator.io/depends-on: Service/{{ name }}-service");
      Files.writeString(
          folder.resolve("installed.yaml.j2"),
          """
          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: {{ metadata.name }}-installed
            annotations:
              webserver-operator.io/hook: pre-install
          data:
            replicas: "{{ spec.replicas }}"
          """);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return root;
  }

  /** Adds one annotation below the line that names the object, where the lookup phase adds none. */
  private static void annotate(Path template, String nameLine, String annotation)
      throws IOException {
    String text = Files.readString(template);
    if (!text.contains(nameLine)) {
      throw new BenchException(
          template + " no longer has the line '" + nameLine.strip() + "' to annotate below.");
    }
    if (text.contains(nameLine + "  annotations:\n")) {
      text =
          text.replace(
              nameLine + "  annotations:\n", nameLine + "  annotations:\n    " + annotation + "\n");
    } else {
      text = text.replace(nameLine, nameLine + "  annotations:\n    " + annotation + "\n");
    }
    Files.writeString(template, text);
  }
}
