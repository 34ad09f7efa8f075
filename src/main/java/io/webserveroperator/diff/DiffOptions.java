package io.webserveroperator.diff;

import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * How {@link UnifiedDiff} prints.
 *
 * @param colour whether to colour lines with ANSI escapes: removals red, additions green, hunk
 *     headers cyan
 * @param contextLines unchanged lines shown around each change
 */
@RecordBuilder
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
  public DiffOptionsBuilder toBuilder() {
    return DiffOptionsBuilder.builder(this);
  }
}
