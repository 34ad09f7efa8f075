package io.webserveroperator.template.python;

/**
 * How much one render may build. The values enforce them as they grow ({@link OutputBudget}, lists,
 * formats), and the engine hands them to jinjava; both read them here, below both.
 */
public final class Limits {

  /** Largest text one template file may render, in characters. */
  public static final long MAX_OUTPUT = 2_000_000;

  /** Most items a list or map may hold, and {@code range()} may produce. */
  public static final int MAX_ITEMS = 10_000;

  /** Most text the filters of one template file may return in all, in characters. */
  static final long MAX_FILTER_TEXT = 10 * MAX_OUTPUT;

  private Limits() {}
}
