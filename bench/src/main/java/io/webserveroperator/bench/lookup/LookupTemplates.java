package io.webserveroperator.bench.lookup;

import io.webserveroperator.bench.BenchException;
import io.webserveroperator.bench.edit.TemplateCopy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The templates {@code bench scale --lookup} runs the operator with: a copy of {@code --templates}
 * whose WebServer entry declares a lookup of the ConfigMaps of {@link LookupEditPhase#NAMESPACE},
 * and whose Service template writes what one shared ConfigMap says into an annotation, so that an
 * edit of that ConfigMap changes every WebServer's Service.
 */
public final class LookupTemplates {

  private static final String SERVICE_NAME = "  name: {{ metadata.name }}-service\n";

  private LookupTemplates() {}

  /** Copies {@code source} to {@code target} (emptied first) and adds the lookup; returns it. */
  public static Path copy(Path source, Path target) {
    Path root = TemplateCopy.of(source, target).root();
    try {
      declare(root.resolve("watches.yaml"));
      Path service = root.resolve("webserver").resolve("service.yaml.j2");
      String text = Files.readString(service);
      if (!text.contains(SERVICE_NAME)) {
        throw new BenchException(
            service + " no longer has the line '" + SERVICE_NAME.strip() + "' to annotate below.");
      }
      Files.writeString(
          service,
          text.replace(
              SERVICE_NAME,
              SERVICE_NAME
                  + "  annotations:\n"
                  + "    "
                  + LookupEditPhase.ANNOTATION
                  + ": \"{{ lookup('v1', 'ConfigMap', '"
                  + LookupEditPhase.NAMESPACE
                  + "', '"
                  + LookupEditPhase.SHARED
                  + "').get('data', {}).get('region', '') }}\"\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return root;
  }

  private static void declare(Path watches) throws IOException {
    DumperOptions style = new DumperOptions();
    style.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    Yaml yaml = new Yaml(style);
    List<Map<String, Object>> entries = yaml.load(Files.readString(watches));
    Map<String, Object> entry =
        entries.stream()
            .filter(e -> "WebServer".equals(e.get("kind")))
            .findFirst()
            .orElseThrow(() -> new BenchException(watches + " has no WebServer entry."));
    entry.put(
        "lookups",
        List.of(
            Map.of(
                "apiVersion",
                "v1",
                "kind",
                "ConfigMap",
                "namespaces",
                List.of(LookupEditPhase.NAMESPACE))));
    Files.writeString(watches, yaml.dump(entries));
  }
}
