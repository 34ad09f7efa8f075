package io.webserveroperator.template.python;

import java.util.AbstractList;

/**
 * Python's {@code range}: a list of whole numbers that holds only its bounds, and prints as Python
 * prints it, {@code range(0, 3)}.
 */
public final class PythonRange extends AbstractList<Long> {

  private final long start;
  private final long stop;
  private final long step;
  private final int size;

  /** A range of at most {@code Integer.MAX_VALUE} items; {@code step} is not zero. */
  public PythonRange(long start, long stop, long step) {
    this.start = start;
    this.stop = stop;
    this.step = step;
    long span = step > 0 ? stop - start : start - stop;
    this.size = (int) Math.max(0, (span + Math.abs(step) - 1) / Math.abs(step));
  }

  @Override
  public Long get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException(index);
    }
    return start + index * step;
  }

  @Override
  public int size() {
    return size;
  }

  /** Python's {@code repr}: the step only when it is not 1. */
  @Override
  public String toString() {
    return "range(" + start + ", " + stop + (step == 1 ? "" : ", " + step) + ")";
  }
}
