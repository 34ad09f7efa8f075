package io.webserveroperator.diff;

/**
 * How {@link UnifiedDiff} prints.
 *
 * @param colour whether to colour lines with ANSI escapes: removals red, additions green, hunk
 *     headers cyan
 * @param contextLines unchanged lines shown around each change
 */
public record DiffOptions(boolean colour, int contextLines) {

  public DiffOptions {
    if (contextLines < 0) {
      throw new IllegalArgumentException("contextLines must not be negative: " + contextLines);
    }
  }

  /** No colour, three lines of context, as {@code diff -u}. */
  public static DiffOptions defaults() {
    return new DiffOptions(false, 3);
  }

  /** The same with colour switched on or off. */
  public DiffOptions withColour(boolean on) {
    return new DiffOptions(on, contextLines);
  }
}
