package io.webserveroperator.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The templates ConfigMap as {@code templates/kustomization.yaml} declares it, read with
 * kustomize's rules for {@code configMapGenerator.files} ({@code key=path}, or the file name as the
 * key), for unit tests that have no kubectl; integration tests use {@code kubectl kustomize}.
 */
public final class TemplatesConfigMap {

  private TemplatesConfigMap() {}

  /** Path (relative to templates/) by ConfigMap key. */
  public static Map<String, String> entries() {
    try {
      JsonNode kustomization =
          new YAMLMapper().readTree(Project.file("templates/kustomization.yaml").toFile());
      Map<String, String> entries = new TreeMap<>();
      for (JsonNode file : kustomization.at("/configMapGenerator/0/files")) {
        String[] keyAndPath = file.asText().split("=", 2);
        String path = keyAndPath[keyAndPath.length - 1];
        String key =
            keyAndPath.length == 2 ? keyAndPath[0] : Path.of(path).getFileName().toString();
        entries.put(key, path);
      }
      return entries;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The ConfigMap's data: each key's file text. */
  public static Map<String, String> data() {
    return dataFrom(Project.file("templates"));
  }

  /**
   * The ConfigMap's data with one kind alone, as {@link TemplateFolder#copyKindInto} leaves the
   * templates in {@code scratch}: its watches.yaml entry and its files.
   */
  public static Map<String, String> dataOf(String kind, Path scratch) {
    return dataFrom(TemplateFolder.copyKindInto(scratch, kind));
  }

  private static Map<String, String> dataFrom(Path templates) {
    Map<String, String> data = new TreeMap<>();
    entries()
        .forEach(
            (key, path) -> {
              Path file = templates.resolve(path);
              if (Files.exists(file)) {
                try {
                  data.put(key, Files.readString(file));
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              }
            });
    return data;
  }
}
