package io.webserveroperator.template.output;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which computed strings print as their text, as Jinja2 prints them, so that YAML gives them its
 * type where the template places them unquoted: {@code suspend: {{ flag | lower }}} is the boolean
 * false and {@code port: {{ base ~ '80' }}} a number, as with Jinja2. Only a whole number, boolean
 * or null qualifies, spelled with letters, digits, {@code . _ + -} alone: such text is one plain
 * scalar in any place of a YAML document (block, flow, quoted), so it cannot make a key, an item, a
 * comment or a document. Every other string stays a token (see {@link PrintedValues}).
 *
 * <p>The reader decides: the rendered text is parsed by the same Jackson YAML reader, so what it
 * types is exactly what this class lets through.
 */
final class TypedText {

  private static final ObjectReader READER = new YAMLMapper().readerFor(Object.class);

  /**
   * The words the reader types (booleans and nulls such as {@code yes}, {@code Off}, {@code NULL}).
   */
  private static final Set<String> WORDS =
      Stream.of("true", "false", "yes", "no", "on", "off", "y", "n", "null")
          .flatMap(
              word ->
                  Stream.of(
                      word,
                      word.toUpperCase(Locale.ROOT),
                      Character.toUpperCase(word.charAt(0)) + word.substring(1)))
          .filter(TypedText::readAsOtherType)
          .collect(Collectors.toUnmodifiableSet());

  private static final int LONGEST_NUMBER = 40;

  private TypedText() {}

  /**
   * Whether {@code text} may print as itself because YAML reads it as a number, boolean or null.
   */
  static boolean isTyped(String text) {
    if (text.isEmpty()) {
      return false;
    }
    if (WORDS.contains(text) || text.equals("~")) {
      return true;
    }
    char first = text.charAt(0);
    boolean numberLike =
        (first >= '0' && first <= '9') || first == '+' || first == '-' || first == '.';
    return numberLike
        && text.length() <= LONGEST_NUMBER
        && text.chars().allMatch(TypedText::isScalarChar)
        && readAsOtherType(text);
  }

  private static boolean isScalarChar(int c) {
    return (c >= '0' && c <= '9')
        || (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || c == '.'
        || c == '_'
        || c == '+'
        || c == '-';
  }

  private static boolean readAsOtherType(String text) {
    try {
      Object value = READER.readValue(text);
      // Not a list or map: "-" alone reads as a list holding null.
      return value == null || value instanceof Number || value instanceof Boolean;
    } catch (IOException | RuntimeException e) {
      return false; // text the reader cannot type (such as .inf) stays a string
    }
  }
}
