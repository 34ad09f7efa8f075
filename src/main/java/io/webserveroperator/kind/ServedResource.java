package io.webserveroperator.kind;

import io.webserveroperator.OperatorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A resource an API server serves, by the names kubectl finds it by.
 *
 * @param group its API group; empty for the core group
 * @param plural its resource name
 * @param kind its kind
 * @param shortNames its short names
 * @param source where it is served from, for messages ({@code Kubernetes}, a CRD's file, {@code the
 *     cluster})
 */
public record ServedResource(
    String group, String plural, String kind, List<String> shortNames, String source) {

  public ServedResource {
    shortNames = List.copyOf(shortNames);
  }

  /** Its singular name, which kubectl also resolves: the kind in lower case. */
  public String singular() {
    return kind.toLowerCase(Locale.ROOT);
  }

  /** {@code plural.group}, or the plural alone for the core group. */
  public String fullName() {
    return group.isEmpty() ? plural : plural + "." + group;
  }

  /** What a Kubernetes 1.34 API server serves on its own (builtin-resources.txt). */
  public static List<ServedResource> builtIn() {
    try (InputStream in = ServedResource.class.getResourceAsStream("builtin-resources.txt")) {
      if (in == null) {
        throw new OperatorException("builtin-resources.txt is missing from the jar");
      }
      List<ServedResource> resources = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] parts = line.strip().split("\\s+");
        resources.add(
            new ServedResource(
                parts[0].equals("-") ? "" : parts[0],
                parts[1],
                parts[2],
                Arrays.asList(parts).subList(3, parts.length),
                "Kubernetes itself"));
      }
      return resources;
    } catch (IOException e) {
      throw new OperatorException("Cannot read builtin-resources.txt: " + e, e);
    }
  }
}
