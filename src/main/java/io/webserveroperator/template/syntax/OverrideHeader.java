package io.webserveroperator.template.syntax;

import io.webserveroperator.template.python.TemplateFailure;
import java.util.Set;

/**
 * Ansible's per-template override header: a first line {@code #jinja2: trim_blocks: False,
 * lstrip_blocks: True} sets Jinja2's lexing options for that template and is not part of its text.
 * The engine takes the three options that change only whitespace; any other key is refused, as the
 * engine cannot honour it.
 *
 * @param trimBlocks Jinja2's {@code trim_blocks}; the engine's default is on
 * @param lstripBlocks Jinja2's {@code lstrip_blocks}; off by default
 * @param keepTrailingNewline Jinja2's {@code keep_trailing_newline}; off by default
 * @param header the header line with its newline, empty when the template has none
 * @param body the template's text after the header
 */
public record OverrideHeader(
    boolean trimBlocks,
    boolean lstripBlocks,
    boolean keepTrailingNewline,
    String header,
    String body) {

  private static final String START = "#jinja2:";
  private static final Set<String> KEYS =
      Set.of("trim_blocks", "lstrip_blocks", "keep_trailing_newline");

  /**
   * The header of {@code source}, read as Ansible's template module reads it: pairs split at {@code
   * ,}, each key and value at its first {@code :}, a value a Python literal.
   *
   * @throws TemplateFailure at line 1 for a key other than the three, a value other than {@code
   *     True} or {@code False}, or a pair without {@code :}
   */
  public static OverrideHeader read(String source) {
    if (!source.startsWith(START)) {
      return none(source);
    }
    int eol = source.indexOf('\n');
    int end = eol < 0 ? source.length() : eol + 1;
    boolean trim = true;
    boolean lstrip = false;
    boolean keep = false;
    String line = source.substring(START.length(), eol < 0 ? end : eol).stripTrailing();
    for (String pair : line.split(",", -1)) {
      int colon = pair.indexOf(':');
      if (colon < 0) {
        throw new TemplateFailure(
            "the #jinja2: header's '" + pair.strip() + "' is not key: value", 1);
      }
      String key = pair.substring(0, colon).strip();
      if (!KEYS.contains(key)) {
        throw new TemplateFailure(
            "the #jinja2: header sets unknown key '"
                + key
                + "'; the engine takes trim_blocks, lstrip_blocks and keep_trailing_newline",
            1);
      }
      boolean value = bool(pair.substring(colon + 1).strip());
      switch (key) {
        case "trim_blocks" -> trim = value;
        case "lstrip_blocks" -> lstrip = value;
        default -> keep = value;
      }
    }
    return new OverrideHeader(trim, lstrip, keep, source.substring(0, end), source.substring(end));
  }

  /** A template without a header: Jinja2's defaults with the engine's trim_blocks. */
  public static OverrideHeader none(String source) {
    return new OverrideHeader(true, false, false, "", source);
  }

  /** Whether the header sets an option to other than the engine's default. */
  public boolean changesDefaults() {
    return !trimBlocks || lstripBlocks || keepTrailingNewline;
  }

  /** A Python literal as Ansible reads it; only the booleans mean something for these keys. */
  private static boolean bool(String literal) {
    return switch (literal) {
      case "True" -> true;
      case "False" -> false;
      default ->
          throw new TemplateFailure(
              "the #jinja2: header's value '" + literal + "' is not True or False", 1);
    };
  }

  /** The lexer's whitespace options this header sets. */
  public JinjaLexer.Whitespace whitespace() {
    return new JinjaLexer.Whitespace(trimBlocks, lstripBlocks);
  }
}
