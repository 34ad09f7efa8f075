package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.lint.SpecReads.Read;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Every {@code spec.…} path a kind's templates read is declared in its CRD's schema (a typo is an
 * error naming the closest declared field), and every declared field is read by some template (a
 * warning otherwise). Fields under {@code x-kubernetes-preserve-unknown-fields} or {@code
 * additionalProperties} are open: any name is allowed there.
 */
final class SpecPathCheck {

  private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

  private SpecPathCheck() {}

  static List<Finding> check(KindSources sources, CrdSchemas.SpecSchema schema) {
    String kind = sources.watch().kind();
    List<Finding> findings = new ArrayList<>();
    List<Read> all = new ArrayList<>();
    Set<String> reported = new LinkedHashSet<>();
    for (Map.Entry<Path, String> file : sources.files().entrySet()) {
      for (Read read : SpecReads.of(file.getValue())) {
        all.add(read);
        undeclared(schema.spec(), read.path(), "spec")
            .filter(miss -> reported.add(file.getKey() + ":" + read.line() + ":" + miss))
            .ifPresent(
                miss ->
                    findings.add(
                        Finding.error(
                            file.getKey().toString(),
                            read.line(),
                            Read.display(miss.path())
                                + " is not in "
                                + kind
                                + "'s schema ("
                                + miss.suggestion()
                                + ")")));
      }
    }
    unread(schema.spec(), List.of(), schema.pointer(), all)
        .forEach(
            unread ->
                findings.add(
                    Finding.warning(
                        schema.file().toString(),
                        schema.lines().line(unread.pointer()),
                        Read.display(unread.path())
                            + " is declared in "
                            + kind
                            + "'s CRD but no template reads it")));
    return findings;
  }

  /**
   * Where a path leaves the schema.
   *
   * @param path the path up to and including the first undeclared name
   * @param suggestion the closest declared field, as a hint
   */
  record Miss(List<String> path, String suggestion) {}

  /**
   * Where {@code path} under the schema {@code node} of {@code root} ({@code spec}, {@code
   * object.status}) leaves it, if it does.
   */
  static Optional<Miss> undeclared(JsonNode node, List<String> path, String root) {
    for (int i = 0; i < path.size(); i++) {
      String segment = path.get(i);
      if (node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        return Optional.empty();
      }
      JsonNode additional = node.get("additionalProperties");
      boolean open = additional != null && !(additional.isBoolean() && !additional.asBoolean());
      if (segment.equals(SpecReads.ITEM) || segment.equals(SpecReads.VALUE)) {
        if (node.has("items")) {
          node = node.get("items");
        } else if (segment.equals(SpecReads.VALUE) && open && additional.isObject()) {
          node = additional;
        } else {
          return Optional.empty(); // keys of a map, or a value lint cannot follow
        }
        continue;
      }
      JsonNode properties = node.path("properties");
      if (properties.has(segment)) {
        node = properties.get(segment);
      } else if (open) {
        if (!additional.isObject()) {
          return Optional.empty();
        }
        node = additional;
      } else if ("object".equals(node.path("type").asText()) || properties.size() > 0) {
        return Optional.of(
            new Miss(
                List.copyOf(path.subList(0, i + 1)),
                suggestion(root, path.subList(0, i), segment, properties)));
      } else {
        return Optional.empty(); // a method of a string or list; rendering checks it
      }
    }
    return Optional.empty();
  }

  private static String suggestion(
      String root, List<String> parent, String name, JsonNode properties) {
    List<String> declared = new ArrayList<>();
    properties.fieldNames().forEachRemaining(declared::add);
    if (declared.isEmpty()) {
      return Read.display(root, parent) + " declares no fields";
    }
    String closest =
        declared.stream()
            .min(Comparator.comparingInt((String field) -> DISTANCE.apply(field, name)))
            .orElseThrow();
    List<String> suggested = new ArrayList<>(parent);
    suggested.add(closest);
    return "did you mean " + Read.display(root, suggested) + "?";
  }

  /**
   * A declared field no template reads.
   *
   * @param path its path under spec
   * @param pointer its JSON pointer in the CRD file, for the line
   */
  private record Unread(List<String> path, String pointer) {}

  /** The topmost declared fields under {@code node} that no read reaches. */
  private static List<Unread> unread(
      JsonNode node, List<String> path, String pointer, List<Read> reads) {
    List<Unread> unread = new ArrayList<>();
    if (node.has("items")) {
      unread.addAll(
          unread(node.get("items"), append(path, SpecReads.ITEM), pointer + "/items", reads));
    }
    node.path("properties")
        .fieldNames()
        .forEachRemaining(
            name -> {
              List<String> field = append(path, name);
              String at = pointer + "/properties/" + name;
              if (reads.stream().noneMatch(read -> reaches(read, field))) {
                unread.add(new Unread(field, at));
              } else {
                unread.addAll(unread(node.path("properties").get(name), field, at, reads));
              }
            });
    return unread;
  }

  /** Whether {@code read} reads {@code field}: it reads the field or under it, or all of it. */
  private static boolean reaches(Read read, List<String> field) {
    int common = Math.min(read.path().size(), field.size());
    for (int i = 0; i < common; i++) {
      String a = read.path().get(i);
      String b = field.get(i);
      if (!a.equals(b) && !a.equals(SpecReads.VALUE) && !b.equals(SpecReads.VALUE)) {
        return false;
      }
    }
    return read.path().size() >= field.size() || read.whole();
  }

  private static List<String> append(List<String> path, String segment) {
    List<String> longer = new ArrayList<>(path);
    longer.add(segment);
    return List.copyOf(longer);
  }
}
