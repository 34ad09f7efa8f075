package io.webserveroperator.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.lint.SpecReads.Read;
import io.webserveroperator.template.InlineValueRule;
import io.webserveroperator.template.syntax.JinjaLexer;
import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A spec field printed within a line of a block scalar ({@code maxmemory {{ spec.memory }}} under
 * {@code redis.conf: |}) whose schema lets it hold a line break: a warning. The engine refuses such
 * a value where it would add a line (docs/templates.md), so the resource fails to render and says
 * so in its status; a {@code pattern} in the CRD rejects it when it is written, where the user sees
 * it. The warning names the template line, the field's place in the CRD and the pattern.
 *
 * <p>Read from the template text, as {@link SpecReads} reads fields: lines indented under a {@code
 * key: |} or {@code key: >} header that hold an expression beside other text. An expression alone
 * on its line prints whole lines, and one ending in {@code | multiline} may span lines: neither is
 * reported. A field whose schema is not a string, or whose {@code enum} or {@code pattern} admits
 * no line break (lint tries strings with each one), is safe.
 */
final class InlineValueCheck {

  /** Stands for an expression in a template's layout. */
  private static final char EXPRESSION = 'X';

  /** Stands for an expression that may span lines ({@code | multiline}). */
  private static final char SPANNING = 'M';

  /** Stands for a tag or a comment, which print nothing. */
  private static final char NOTHING = '\0';

  private static final Pattern HEADER =
      Pattern.compile(
          "( *)((?:- +)*)((?:\"[^\"]*\"|'[^']*'|[^\\s#'\"][^#]*?)[ \\t]*:[ \\t]+)?"
              + "(?:[!&][^ \\t]+[ \\t]+)*[|>][1-9]?[-+]?[1-9]?[ \\t]*(?:#.*)?");

  private InlineValueCheck() {}

  static List<Finding> check(KindSources sources, CrdSchemas.SpecSchema schema) {
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<Path, String> file : sources.files().entrySet()) {
      Layout layout = layout(file.getValue());
      Set<Integer> lines = inlineLines(layout.lines());
      if (lines.isEmpty()) {
        continue;
      }
      Set<String> reported = new HashSet<>();
      for (Read read : SpecReads.of(layout.reads())) {
        if (!read.whole()
            || !lines.contains(read.line())
            || !reported.add(read.line() + read.display())) {
          continue;
        }
        Field field = field(schema, read.path());
        if (field != null && admitsLineBreak(field.node())) {
          findings.add(
              Finding.warning(
                  file.getKey().toString(),
                  read.line(),
                  read.display()
                      + " is printed within a line of a block scalar, beside other text, and "
                      + sources.watch().kind()
                      + "'s CRD lets it hold a line break ("
                      + schema.file()
                      + ":"
                      + schema.lines().line(field.pointer())
                      + "): a value with one fails the render. Reject it when it is written, with"
                      + " pattern: '"
                      + InlineValueRule.CRD_PATTERN
                      + "' on the field, or print the value on a line of its own"));
        }
      }
    }
    return findings;
  }

  /**
   * A template as lint reads it here.
   *
   * @param lines the template as the lines it prints: text as it is, each expression as {@link
   *     #EXPRESSION} (one that may span lines as {@link #SPANNING}), tags and comments as {@link
   *     #NOTHING}; line breaks where the source has them, so that lines keep their numbers
   * @param reads the source without the expressions that may span lines, whose reads do not count
   */
  private record Layout(String lines, String reads) {}

  private static Layout layout(String source) {
    char[] lines = source.toCharArray();
    char[] reads = source.toCharArray();
    Token begin = null;
    List<Token> inside = new ArrayList<>();
    for (Token token : JinjaLexer.lex(source)) {
      int end = token.offset() + token.text().length();
      switch (token.kind()) {
        case VARIABLE_BEGIN, BLOCK_BEGIN, COMMENT_BEGIN -> {
          begin = token;
          inside.clear();
        }
        case VARIABLE_END -> {
          boolean spans = spansLines(inside);
          fill(lines, begin.offset(), end, NOTHING);
          lines[begin.offset()] = spans ? SPANNING : EXPRESSION;
          if (spans) {
            fill(reads, begin.offset(), end, ' ');
          }
          begin = null;
        }
        case BLOCK_END, COMMENT_END -> {
          fill(lines, begin.offset(), end, NOTHING);
          begin = null;
        }
        case ERROR -> {
          return new Layout(new String(lines, 0, token.offset()), new String(reads));
        }
        // Whitespace a '-' strips stays: it is where the author indents the line, as printed
        // (the expression's own value starts with its line break, as nindent's does).
        case DATA, STRIPPED -> {}
        default -> {
          if (begin == null) {
            fill(lines, token.offset(), end, NOTHING); // raw tags
          } else if (token.kind() != Kind.WHITESPACE) {
            inside.add(token);
          }
        }
      }
    }
    return new Layout(new String(lines), new String(reads));
  }

  /** Whether an expression's tokens end in the filter that lets it span lines. */
  private static boolean spansLines(List<Token> inside) {
    int n = inside.size();
    return n >= 2
        && inside.get(n - 2).isOperator("|")
        && inside.get(n - 1).isName(InlineValueRule.MULTILINE_FILTER);
  }

  /** Writes {@code with} from {@code from} to {@code to}, keeping line breaks. */
  private static void fill(char[] text, int from, int to, char with) {
    for (int i = from; i < to; i++) {
      if (text[i] != '\n') {
        text[i] = with;
      }
    }
  }

  /** The 1-based lines of block scalars that print an expression beside other text. */
  private static Set<Integer> inlineLines(String layout) {
    Set<Integer> lines = new HashSet<>();
    String[] rows = layout.split("\n", -1);
    int parent = Integer.MIN_VALUE; // the header's indentation while in a block scalar
    for (int i = 0; i < rows.length; i++) {
      String row = rows[i].replace(String.valueOf(NOTHING), "");
      if (row.isBlank()) {
        continue;
      }
      int indent = 0;
      while (row.charAt(indent) == ' ') {
        indent++;
      }
      if (parent != Integer.MIN_VALUE && indent > parent) {
        if (row.indexOf(EXPRESSION) >= 0 && !row.strip().equals(String.valueOf(EXPRESSION))) {
          lines.add(i + 1);
        }
        continue;
      }
      Matcher header = HEADER.matcher(row);
      parent = header.matches() ? parentIndent(header) : Integer.MIN_VALUE;
    }
    return lines;
  }

  /** The column a block scalar's lines must be indented past: its key's, or its item's. */
  private static int parentIndent(Matcher header) {
    int indent = header.group(1).length();
    String dashes = header.group(2);
    if (header.group(3) != null) {
      return indent + dashes.length();
    }
    return dashes.isEmpty() ? -1 : indent + dashes.lastIndexOf('-');
  }

  /**
   * A field's schema and its JSON pointer in the CRD file.
   *
   * @param node the schema, or null where the CRD leaves the field open ({@code
   *     x-kubernetes-preserve-unknown-fields})
   */
  private record Field(JsonNode node, String pointer) {}

  /** The schema of the field at {@code path} under spec; null where lint cannot follow it. */
  private static Field field(CrdSchemas.SpecSchema schema, List<String> path) {
    JsonNode node = schema.spec();
    String pointer = schema.pointer();
    for (String segment : path) {
      if (node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        return new Field(null, pointer);
      }
      JsonNode additional = node.get("additionalProperties");
      boolean open = additional != null && additional.isObject();
      if ((segment.equals(SpecReads.ITEM) || segment.equals(SpecReads.VALUE))
          && node.has("items")) {
        node = node.get("items");
        pointer += "/items";
      } else if (!segment.equals(SpecReads.ITEM) && node.path("properties").has(segment)) {
        node = node.path("properties").get(segment);
        pointer += "/properties/" + segment.replace("~", "~0").replace("/", "~1");
      } else if (!segment.equals(SpecReads.ITEM) && open) {
        node = additional;
        pointer += "/additionalProperties";
      } else {
        return null; // undeclared (SpecPathCheck reports it), or a method of a value
      }
    }
    return new Field(node, pointer);
  }

  /** Whether a value the schema {@code node} admits may hold a line break. */
  private static boolean admitsLineBreak(JsonNode node) {
    if (node == null || node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
      return true;
    }
    String type = node.path("type").asText("");
    if (!type.isEmpty()
        && !type.equals("string")
        && !node.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return false; // numbers and booleans have no line break; maps and lists print as JSON
    }
    if (node.path("enum").isArray()) {
      for (JsonNode allowed : node.path("enum")) {
        if (allowed.isTextual() && holdsLineBreak(allowed.asText())) {
          return true;
        }
      }
      return false;
    }
    return !node.has("pattern") || admitsLineBreak(node.path("pattern").asText());
  }

  /**
   * Whether the pattern matches a string with a line break, tried with each break between, before
   * and after letters and digits; read as Go (RE2) reads it, where the API server checks it: {@code
   * .} stops only at {@code \n}, and {@code $} is the end of the text. A pattern Java cannot read
   * is taken to admit them.
   */
  private static boolean admitsLineBreak(String pattern) {
    Pattern compiled;
    try {
      compiled = Pattern.compile(endOfText(pattern), Pattern.UNIX_LINES);
    } catch (PatternSyntaxException e) {
      return true;
    }
    for (char c : InlineValueRule.LINE_BREAKS.toCharArray()) {
      for (String around : List.of("", "a", "0", "A", " ", "-")) {
        for (String probe : List.of(around + c + around, around + c, c + around)) {
          if (compiled.matcher(probe).find()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The pattern with each {@code $} outside a character class as {@code \z}, RE2's meaning. */
  private static String endOfText(String pattern) {
    StringBuilder out = new StringBuilder(pattern.length() + 4);
    boolean inClass = false;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        out.append(c).append(pattern.charAt(++i));
      } else if (inClass) {
        inClass = c != ']' || pattern.charAt(i - 1) == '[' || pattern.startsWith("[^", i - 2);
        out.append(c);
      } else {
        inClass = c == '[';
        out.append(c == '$' ? "\\z" : String.valueOf(c));
      }
    }
    return out.toString();
  }

  private static boolean holdsLineBreak(String text) {
    for (char c : text.toCharArray()) {
      if (InlineValueRule.LINE_BREAKS.indexOf(c) >= 0) {
        return true;
      }
    }
    return false;
  }
}
