package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jinja2's {@code wordwrap}: each line of the text wrapped on its own by Python's {@code
 * textwrap.wrap} (tabs and whitespace kept, whitespace dropped at line ends), the lines joined by
 * {@code wrapstring}. Lengths are in code points, as Python counts them.
 */
final class TextWrap {

  private static final String SPACE = "[\\t\\n\\u000b\\f\\r ]";
  private static final String NO_SPACE = "[^\\t\\n\\u000b\\f\\r ]";
  private static final String WORD_PUNCT = "[\\w!\"'&.,?]";
  private static final String LETTER = "[^\\d\\W]";

  /** textwrap's {@code wordsep_re}: whitespace, em-dashes, and words split after hyphens. */
  private static final Pattern HYPHENATED_CHUNK =
      Pattern.compile(
          SPACE
              + "+|(?<="
              + WORD_PUNCT
              + ")-{2,}(?=\\w)|"
              + NO_SPACE
              + "+?(?:-(?:(?<="
              + LETTER
              + "{2}-)|(?<="
              + LETTER
              + "-"
              + LETTER
              + "-))(?="
              + LETTER
              + "-?"
              + LETTER
              + ")|(?="
              + SPACE
              + "|\\z)|(?<="
              + WORD_PUNCT
              + ")(?=-{2,}\\w))",
          Pattern.UNICODE_CHARACTER_CLASS);

  /** textwrap's {@code wordsep_simple_re}: runs of whitespace. */
  private static final Pattern SPACE_CHUNK = Pattern.compile(SPACE + "+");

  /** Python's line boundaries, as {@code str.splitlines} knows them. */
  private static final Pattern LINE_BREAK =
      Pattern.compile("\\r\\n|[\\n\\r\\u000b\\f\\u001c\\u001d\\u001e\\u0085\\u2028\\u2029]");

  private TextWrap() {}

  /**
   * Jinja2's {@code wordwrap(s, width=79, break_long_words=True, wrapstring=None,
   * break_on_hyphens=True)}.
   */
  static Object wordwrap(Object value, Object[] args, Map<String, Object> kwargs) {
    int width = FilterArgs.intArg(args, kwargs, 0, "width", 79);
    boolean breakLongWords = FilterArgs.boolArg(args, kwargs, 1, "break_long_words", true);
    Object wrapstring = FilterArgs.get(args, kwargs, 2, "wrapstring");
    String glue = wrapstring == null ? "\n" : PythonText.str(wrapstring);
    boolean breakOnHyphens = FilterArgs.boolArg(args, kwargs, 3, "break_on_hyphens", true);
    if (width <= 0) {
      throw new TemplateFailure("invalid width " + width + " (must be > 0)");
    }
    List<String> lines = new ArrayList<>();
    for (String paragraph : splitlines(PythonText.str(value))) {
      // An empty paragraph wraps to no lines, and joins as an empty one.
      lines.add(String.join(glue, wrap(paragraph, width, breakLongWords, breakOnHyphens)));
    }
    long size = (long) glue.length() * Math.max(0, lines.size() - 1);
    for (String line : lines) {
      size += line.length();
    }
    OutputBudget.refuseLarger("wordwrap", size);
    return String.join(glue, lines);
  }

  /** Python's {@code str.splitlines()}: the lines without their line breaks. */
  static List<String> splitlines(String text) {
    List<String> lines = new ArrayList<>();
    Matcher boundary = LINE_BREAK.matcher(text);
    int from = 0;
    while (boundary.find()) {
      lines.add(text.substring(from, boundary.start()));
      from = boundary.end();
    }
    if (from < text.length()) {
      lines.add(text.substring(from));
    }
    return lines;
  }

  /** {@code textwrap.wrap(text, width, expand_tabs=False, replace_whitespace=False, ...)}. */
  private static List<String> wrap(
      String text, int width, boolean breakLongWords, boolean breakOnHyphens) {
    Deque<String> chunks = chunks(text, breakOnHyphens ? HYPHENATED_CHUNK : SPACE_CHUNK);
    List<String> lines = new ArrayList<>();
    while (!chunks.isEmpty()) {
      List<String> line = new ArrayList<>();
      int length = 0;
      if (!lines.isEmpty() && chunks.peekFirst().isBlank()) {
        chunks.removeFirst();
      }
      while (!chunks.isEmpty() && length + points(chunks.peekFirst()) <= width) {
        length += points(chunks.peekFirst());
        line.add(chunks.removeFirst());
      }
      if (!chunks.isEmpty() && points(chunks.peekFirst()) > width) {
        breakLongWord(chunks, line, width - length, breakLongWords, breakOnHyphens);
      }
      if (!line.isEmpty() && line.get(line.size() - 1).isBlank()) {
        line.remove(line.size() - 1);
      }
      if (!line.isEmpty()) {
        lines.add(String.join("", line));
      }
    }
    return lines;
  }

  /** textwrap's {@code _handle_long_word}: as much of the word as fits, after a hyphen if any. */
  private static void breakLongWord(
      Deque<String> chunks,
      List<String> line,
      int spaceLeft,
      boolean breakLongWords,
      boolean breakOnHyphens) {
    if (!breakLongWords) {
      if (line.isEmpty()) {
        line.add(chunks.removeFirst());
      }
      return;
    }
    String chunk = chunks.removeFirst();
    int end = spaceLeft;
    if (breakOnHyphens) {
      String head = chunk.substring(0, chunk.offsetByCodePoints(0, end));
      int hyphen = head.lastIndexOf('-');
      if (hyphen > 0 && !head.substring(0, hyphen).matches("-*")) {
        end = points(head.substring(0, hyphen)) + 1;
      }
    }
    int split = chunk.offsetByCodePoints(0, end);
    line.add(chunk.substring(0, split));
    chunks.addFirst(chunk.substring(split));
  }

  /**
   * Python's {@code re.split} with the pattern in a group: the pieces and the matches, non-empty.
   */
  private static Deque<String> chunks(String text, Pattern separator) {
    Deque<String> chunks = new ArrayDeque<>();
    Matcher match = separator.matcher(text);
    int from = 0;
    while (match.find()) {
      addIfNotEmpty(chunks, text.substring(from, match.start()));
      addIfNotEmpty(chunks, match.group());
      from = match.end();
    }
    addIfNotEmpty(chunks, text.substring(from));
    return chunks;
  }

  private static void addIfNotEmpty(Deque<String> chunks, String chunk) {
    if (!chunk.isEmpty()) {
      chunks.addLast(chunk);
    }
  }

  private static int points(String text) {
    return PythonText.length(text);
  }
}
