package io.webserveroperator.template.output;

/**
 * Computed text that Jinja2's output could read as YAML syntax rather than as one value. In {@code
 * args: [{{ xs | join(', ') }}]} Jinja2 gives a list of items, and {@code "{{ x }}"} with a quoted
 * {@code x} a different string; this engine prints a value as one scalar. For text that may be read
 * so ({@link #mayBeSyntax}), {@link OutputParser} parses the output a second time with that text as
 * Jinja2 writes it: where the two readings differ, the render fails and says how to write the
 * template, rather than render something other than Jinja2 would. A string of the resource is never
 * looked at: it stays whole, which is the point of printing it as a value.
 */
final class JinjaReading {

  private JinjaReading() {}

  /**
   * Whether one line of text may read as more than a plain scalar: it holds a flow indicator,
   * {@code ": "} or {@code " #"}, ends with {@code :}, or starts as a quoted scalar, an anchor, an
   * alias, a tag, a block scalar, a directive, a reserved character, an item or a key.
   */
  static boolean mayBeSyntax(String text) {
    if (text.isEmpty() || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      return false; // multi-line values are BlockScalars' part
    }
    if ("'\"&*!|>%@`#".indexOf(text.charAt(0)) >= 0
        || text.startsWith("- ")
        || text.startsWith("? ")
        || text.startsWith(": ")
        || text.endsWith(":")
        || text.contains(": ")
        || text.contains(" #")) {
      return true;
    }
    for (int i = 0; i < text.length(); i++) {
      switch (text.charAt(i)) {
        case ',', '[', ']', '{', '}' -> {
          return true;
        }
        default -> {}
      }
    }
    return false;
  }

  /**
   * The message for a printed value that Jinja2 would read differently.
   *
   * @param quoted the value as a message shows it ({@link PrintedValues#quoted})
   */
  static String message(String quoted) {
    return "the printed value "
        + quoted
        + " is text that Jinja2's output reads as YAML syntax here (a list's commas, quotes,"
        + " a comment, a key), while this engine prints a value as one scalar; rather than"
        + " render something other than Jinja2 would, it stops. Print a list, a map or a"
        + " string that must keep its quotes with | tojson, or write the syntax as template"
        + " text ({% if not loop.last %}, {% endif %})";
  }
}
