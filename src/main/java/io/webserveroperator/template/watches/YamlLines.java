package io.webserveroperator.template.watches;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The line of every key and list item of a YAML file, by JSON pointer ({@code /0/templates}), so
 * that messages about watches.yaml or a CRD, and lint's findings, can name the line. Pointers start
 * with the index of the document in the file: {@code /0/0/templates} is the first entry of a
 * one-document list.
 *
 * <p>Immutable.
 */
public final class YamlLines {

  private static final YAMLFactory YAML = new YAMLFactory();

  private final Map<String, Integer> lines;

  private YamlLines(Map<String, Integer> lines) {
    this.lines = lines;
  }

  /** Reads {@code text}; a file that is not YAML yields no lines (other checks report it). */
  public static YamlLines of(String text) {
    Map<String, Integer> lines = new HashMap<>();
    try (JsonParser parser = YAML.createParser(text)) {
      // The root is a list of documents, so that every pointer starts with a document index.
      Deque<String> path = new ArrayDeque<>(List.of(""));
      Deque<Integer> indexes = new ArrayDeque<>(List.of(0));
      JsonToken token;
      while ((token = parser.nextToken()) != null) {
        int line = parser.currentTokenLocation().getLineNr();
        if (token == JsonToken.FIELD_NAME) {
          lines.putIfAbsent(path.peek() + "/" + escape(parser.currentName()), line);
          continue;
        }
        if (token.isStructEnd()) {
          path.pop();
          indexes.pop();
          continue;
        }
        String here;
        int index = indexes.pop();
        if (index >= 0) {
          indexes.push(index + 1);
          here = path.peek() + "/" + index;
          lines.putIfAbsent(here, line);
        } else {
          indexes.push(index);
          here = path.peek() + "/" + escape(parser.currentName());
        }
        if (token.isStructStart()) {
          path.push(here);
          indexes.push(token == JsonToken.START_ARRAY ? 0 : -1);
        }
      }
    } catch (IOException e) {
      return new YamlLines(Map.of());
    }
    return new YamlLines(lines);
  }

  /** Reads {@code file}; one that cannot be read yields no lines (other checks report it). */
  public static YamlLines of(Path file) {
    try {
      return of(Files.readString(file));
    } catch (IOException e) {
      return new YamlLines(Map.of());
    }
  }

  /** The line of the key or item at {@code pointer}, or of its nearest ancestor that has one. */
  public int line(String pointer) {
    String at = pointer;
    while (!at.isEmpty()) {
      Integer line = lines.get(at);
      if (line != null) {
        return line;
      }
      at = at.substring(0, at.lastIndexOf('/'));
    }
    return 0;
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
