package io.webserveroperator.template;

import io.webserveroperator.manifest.GeneratedField;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.template.output.GeneratedSecret;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the {@code generated_secret} marks in a rendered object, before anything else reads it:
 * each must be the value of a key under a Secret's {@code data} or {@code stringData}, where it
 * becomes a {@link GeneratedField} holding its placeholder; anywhere else fails the render at the
 * line of the call.
 */
final class GeneratedSecrets {

  private GeneratedSecrets() {}

  /**
   * Replaces every mark in {@code body} (mutated) with its placeholder and returns the fields.
   *
   * @param owner the resource, for the error
   * @param file the template, for the error
   * @throws RenderException for a mark anywhere but a Secret's data or stringData
   */
  static List<GeneratedField> settle(Map<String, Object> body, String owner, String file) {
    List<GeneratedField> fields = new ArrayList<>();
    boolean secret = "v1".equals(body.get("apiVersion")) && "Secret".equals(body.get("kind"));
    for (Map.Entry<String, Object> top : body.entrySet()) {
      String field = top.getKey();
      if (secret && GeneratedField.isValueField(field) && top.getValue() instanceof Map<?, ?> map) {
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          String key = String.valueOf(entry.getKey());
          if (entry.getValue() instanceof GeneratedSecret mark) {
            fields.add(new GeneratedField(JsonPointer.of(field, key), mark.length()));
          } else {
            refuse(entry.getValue(), "/" + field + "/" + key, body, owner, file);
          }
        }
      } else {
        refuse(top.getValue(), "/" + field, body, owner, file);
      }
    }
    fields.forEach(generated -> generated.pointer().set(body, generated.placeholder()));
    return List.copyOf(fields);
  }

  private static void refuse(
      Object node, String where, Map<String, Object> body, String owner, String file) {
    Misplaced misplaced = misplacedMark(node);
    if (misplaced != null) {
      throw new RenderException(
          owner,
          file,
          misplaced.mark().line(),
          describe(body)
              + ": "
              + misplaced.mark().describe()
              + " stands at "
              + where
              + misplaced.below()
              + "; it is allowed only as the value of a key under a Secret's data or"
              + " stringData (apiVersion v1, kind Secret)");
    }
  }

  /** A mark, and the pointer to it below the node it was looked for in. */
  private record Misplaced(GeneratedSecret mark, String below) {
    Misplaced under(Object step) {
      return new Misplaced(mark, "/" + step + below);
    }
  }

  /**
   * The first mark in {@code node}, or null. Every rendered object is walked, so the pointer is
   * only built on the way back from a mark.
   */
  private static Misplaced misplacedMark(Object node) {
    if (node instanceof GeneratedSecret mark) {
      return new Misplaced(mark, "");
    }
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        Misplaced found = misplacedMark(entry.getValue());
        if (found != null) {
          return found.under(entry.getKey());
        }
      }
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        Misplaced found = misplacedMark(list.get(i));
        if (found != null) {
          return found.under(i);
        }
      }
    }
    return null;
  }

  /** {@code Kind name} of the object, as far as it can be read yet. */
  private static String describe(Map<String, Object> body) {
    Object kind = body.get("kind");
    Object name = body.get("metadata") instanceof Map<?, ?> metadata ? metadata.get("name") : null;
    return (kind instanceof String text ? text : "the object")
        + (name instanceof String text ? " " + text : "");
  }
}
