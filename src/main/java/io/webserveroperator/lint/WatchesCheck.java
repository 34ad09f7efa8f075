package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.OperatorException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.source.TemplateLoadException;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.YamlLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * watches.yaml itself, then whether each kind's templates load: unknown keys, a templates folder or
 * status template that does not exist, and every template that does not parse or uses what the
 * engine refuses (the same checks as the operator's, which stops at the first one).
 */
final class WatchesCheck {

  private static final Pattern ENTRY = Pattern.compile("entry (\\d+)");
  private static final Pattern IGNORE_ENTRY = Pattern.compile("ignoreDifferences entry (\\d+)");
  private static final Pattern KEY = Pattern.compile("key '([^']*)'");
  private static final Pattern LIST_KEY = Pattern.compile("(\\w+) must be a list");
  private static final Pattern NOT_A_POINTER = Pattern.compile("'([^']*)' is not a JSON pointer");
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final Pattern RULE = Pattern.compile("readiness rule (\\d+)");
  private static final Pattern RULE_KEY =
      Pattern.compile("(?:key '([^']*)'|'(group|kind)'|\\): (ready|failed|message): )");

  private final Path templates;
  private final Path file;
  private final YamlLines lines;

  private WatchesCheck(Path templates) {
    this.templates = templates;
    this.file = templates.resolve("watches.yaml");
    this.lines = YamlLines.of(file);
  }

  /** The findings of watches.yaml as a whole, when it does not load; empty when it does. */
  static List<Finding> unreadable(Path templates, OperatorException e) {
    WatchesCheck check = new WatchesCheck(templates);
    String pointer = check.pointer(e.getMessage());
    return List.of(Finding.error(check.file.toString(), check.lines.line(pointer), e.getMessage()));
  }

  /**
   * The place a load error names, as a pointer into watches.yaml: {@code entry N} is the kind,
   * {@code ignoreDifferences entry M} one of its entries, {@code key 'x'} or {@code x must be a
   * list} a key of either, and a pointer that does not parse its item of {@code jsonPointers}.
   */
  private String pointer(String message) {
    Matcher entry = ENTRY.matcher(message);
    if (!entry.find()) {
      return "";
    }
    int kind = Integer.parseInt(entry.group(1)) - 1;
    String pointer = "/0/" + kind;
    String rest = message.substring(entry.end());
    Matcher ignored = IGNORE_ENTRY.matcher(rest);
    if (ignored.find()) {
      int index = Integer.parseInt(ignored.group(1)) - 1;
      pointer += "/ignoreDifferences/" + index;
      rest = rest.substring(ignored.end());
      Matcher notAPointer = NOT_A_POINTER.matcher(rest);
      if (notAPointer.find()) {
        return pointer + "/jsonPointers/" + pointerIndex(kind, index, notAPointer.group(1));
      }
    }
    Matcher key = KEY.matcher(rest);
    Matcher listKey = LIST_KEY.matcher(rest);
    if (key.find()) {
      pointer += "/" + key.group(1);
    } else if (listKey.find()) {
      pointer += "/" + listKey.group(1);
    }
    return pointer;
  }

  /** The index of {@code text} in the jsonPointers of an ignoreDifferences entry, or -1. */
  private int pointerIndex(int kind, int entry, String text) {
    try {
      JsonNode pointers =
          YAML.readTree(file.toFile()).path(kind).path("ignoreDifferences").path(entry);
      int index = 0;
      for (JsonNode item : pointers.path("jsonPointers")) {
        if (item.asText().equals(text)) {
          return index;
        }
        index++;
      }
    } catch (IOException e) {
      // the key's line then
    }
    return -1;
  }

  /**
   * Where in the entry a load failure points: the readiness rule and key it names ({@code readiness
   * rule 2 has an unknown key 'redy'}, {@code ... (Widget): ready: the expression ...}), else the
   * entry.
   */
  private static String rulePointer(TemplateLoadException failure, String entry) {
    Matcher rule = RULE.matcher(failure.reason());
    if (!rule.find()) {
      return entry;
    }
    String pointer = entry + "/readiness/" + (Integer.parseInt(rule.group(1)) - 1);
    Matcher key = RULE_KEY.matcher(failure.reason());
    if (key.find(rule.end())) {
      for (int group = 1; group <= key.groupCount(); group++) {
        if (key.group(group) != null) {
          return pointer + "/" + key.group(group);
        }
      }
    }
    return pointer;
  }

  /** The findings of each kind of a registry that loaded. */
  static List<Finding> check(Path templates, TemplateRegistry registry) {
    WatchesCheck check = new WatchesCheck(templates);
    List<Finding> findings = new ArrayList<>();
    for (int i = 0; i < registry.watches().size(); i++) {
      findings.addAll(check.kind(registry, registry.watches().get(i), "/0/" + i));
    }
    return findings;
  }

  private List<Finding> kind(TemplateRegistry registry, TemplatedKind watch, String entry) {
    List<Finding> findings = new ArrayList<>();
    Path folder = templates.resolve(watch.templates());
    if (!Files.isDirectory(folder)) {
      findings.add(
          Finding.error(
              file.toString(),
              lines.line(entry + "/templates"),
              "the templates folder "
                  + folder
                  + " of "
                  + watch.kind()
                  + " does not exist; create it or fix 'templates'"));
    }
    if (watch.status().isPresent()
        && !Files.isRegularFile(templates.resolve(watch.status().get()))) {
      findings.add(
          Finding.error(
              file.toString(),
              lines.line(entry + "/status"),
              "the status template "
                  + templates.resolve(watch.status().get())
                  + " of "
                  + watch.kind()
                  + " does not exist; create it or fix 'status'"));
    }
    if (!findings.isEmpty()) {
      return findings; // loading fails for the same reason; one finding is enough
    }
    registry
        .loadFailure(watch)
        .map(failure -> loadFinding(failure, entry))
        .ifPresent(findings::add);
    return findings;
  }

  private Finding loadFinding(TemplateLoadException failure, String entry) {
    if (failure.template() == null) {
      String pointer =
          IGNORE_ENTRY.matcher(failure.reason()).find()
              ? pointer(failure.reason())
              : rulePointer(failure, entry);
      return Finding.error(file.toString(), lines.line(pointer), failure.reason());
    }
    return Finding.error(
        templates.resolve(failure.template()).toString(), failure.line(), failure.reason());
  }
}
