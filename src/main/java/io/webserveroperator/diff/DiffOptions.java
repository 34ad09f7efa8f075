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

  /** A builder holding these options, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes some options and keeps the others; {@link #build} validates them. */
  public static final class Builder {
    private boolean colour;
    private int contextLines;

    private Builder(DiffOptions from) {
      colour = from.colour;
      contextLines = from.contextLines;
    }

    public Builder colour(boolean on) {
      colour = on;
      return this;
    }

    public Builder contextLines(int lines) {
      contextLines = lines;
      return this;
    }

    public DiffOptions build() {
      return new DiffOptions(colour, contextLines);
    }
  }
}
