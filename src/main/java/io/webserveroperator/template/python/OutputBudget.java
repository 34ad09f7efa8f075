package io.webserveroperator.template.python;

/**
 * How much text one template file's render has made, so that memory is bounded as well as time. A
 * value's printed size counts toward the output limit, as its text would if it were not a token;
 * and the strings filters return count toward a budget of their own, which stops a {@code map} or a
 * loop from building text by the gigabyte. A single filter result is refused before it is built
 * when its size, read from the filter's arguments, is past the output limit ({@code
 * FilterStage.SIZE_LIMIT}).
 *
 * <p>Not thread-safe: one instance per render, owned by its {@code output.PrintedValues}.
 */
public final class OutputBudget {

  /** The message of a render whose text and printed values are past the output limit. */
  public static final String OUTPUT_TOO_BIG =
      "the template rendered more than " + Limits.MAX_OUTPUT + " characters";

  private long printed;
  private long built;

  /** Counts a value printed into the output. */
  public void print(long characters) {
    printed += characters;
    if (printed > Limits.MAX_OUTPUT) {
      throw new TemplateFailure(OUTPUT_TOO_BIG);
    }
  }

  /** Counts the text a filter returned. */
  public void build(long characters) {
    built += characters;
    if (built > Limits.MAX_FILTER_TEXT) {
      throw new TemplateFailure(
          "the filters of this template built more than " + Limits.MAX_FILTER_TEXT + " characters");
    }
  }

  /** Checks the whole output: the rendered text and the values its tokens stand for. */
  public void output(long textLength) {
    if (textLength + printed > Limits.MAX_OUTPUT) {
      throw new TemplateFailure(OUTPUT_TOO_BIG);
    }
  }

  /** Refuses, before it is built, a text of {@code characters} that {@code filter} would make. */
  public static void refuseLarger(String filter, long characters) {
    refuseLarger("filter", filter, characters);
  }

  /**
   * Refuses, before it is built, a result of {@code size} characters or items that the {@code kind}
   * ("filter", "operator") {@code name} would make.
   */
  public static void refuseLarger(String kind, String name, long size) {
    if (size > Limits.MAX_OUTPUT) {
      throw new TemplateFailure(tooLarge(kind, name, String.valueOf(size)));
    }
  }

  /** The message of a filter that would build {@code amount} characters, past the limit. */
  public static String tooLarge(String filter, String amount) {
    return tooLarge("filter", filter, amount);
  }

  private static String tooLarge(String kind, String name, String amount) {
    return "the "
        + kind
        + " '"
        + name
        + "' would build "
        + amount
        + " characters; a template may build at most "
        + Limits.MAX_OUTPUT
        + " at once";
  }
}
