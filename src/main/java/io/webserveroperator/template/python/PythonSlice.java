package io.webserveroperator.template.python;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstRightValue;
import jinjava.javax.el.ELContext;

/**
 * Python's slice {@code x[start:stop:step]} of a string or a list: any bound may be left out or
 * negative, the step may be negative ({@code x[::-1]} reverses) but not zero. A string is sliced by
 * character (code point), so that no slice splits an emoji into UTF-16 halves.
 */
public final class PythonSlice extends AstRightValue {

  private final AstNode base;
  private final AstNode start;
  private final AstNode stop;
  private final AstNode step;

  /** A slice of {@code base}; a bound that is left out is null. */
  public PythonSlice(AstNode base, AstNode start, AstNode stop, AstNode step) {
    this.base = base;
    this.start = start;
    this.stop = stop;
    this.step = step;
  }

  @Override
  public Object eval(Bindings bindings, ELContext context) {
    Object value = base.eval(bindings, context);
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    Long from = bound(start, bindings, context);
    Long to = bound(stop, bindings, context);
    Long by = bound(step, bindings, context);
    if (by != null && by == 0) {
      throw new TemplateFailure("slice step cannot be zero");
    }
    if (value instanceof CharSequence || value instanceof PythonStr) {
      int[] points = value.toString().codePoints().toArray();
      StringBuilder out = new StringBuilder();
      indices(points.length, from, to, by).forEach(i -> out.appendCodePoint(points[i]));
      return out.toString();
    }
    if (PythonSequences.isList(value)) {
      List<?> items = PythonSequences.asList(value);
      List<Object> out = new ArrayList<>();
      indices(items.size(), from, to, by).forEach(i -> out.add(items.get(i)));
      return out;
    }
    throw new TemplateFailure(TypeNames.python(value) + " object cannot be sliced");
  }

  /** A bound's value: null when left out or none, else an integer, as Python's slices take. */
  private static Long bound(AstNode node, Bindings bindings, ELContext context) {
    Object value = node == null ? null : node.eval(bindings, context);
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    if (value == null) {
      return null;
    }
    if (value instanceof Boolean flag) {
      return flag ? 1L : 0L;
    }
    if (value instanceof BigInteger big) {
      // Past any length either way, which is all a slice needs to know.
      return big.signum() < 0 ? Long.MIN_VALUE / 2 : Long.MAX_VALUE / 2;
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      return ((Number) value).longValue();
    }
    throw new TemplateFailure(
        "slice indices must be integers or none, not " + TypeNames.python(value));
  }

  /** The indices a slice takes from a sequence of {@code length}, as Python's slice.indices. */
  private static IntStream indices(int length, Long from, Long to, Long by) {
    long step = by == null ? 1 : by;
    long lower = step > 0 ? 0 : -1;
    long upper = step > 0 ? length : length - 1;
    long first = clamp(from, step > 0 ? lower : upper, length, lower, upper);
    long last = clamp(to, step > 0 ? upper : lower, length, lower, upper);
    long count = step > 0 ? (last - first + step - 1) / step : (first - last - step - 1) / -step;
    return IntStream.range(0, (int) Math.max(0, count)).map(i -> (int) (first + i * step));
  }

  private static long clamp(Long bound, long fallback, int length, long lower, long upper) {
    if (bound == null) {
      return fallback;
    }
    long at = bound < 0 ? bound + length : bound;
    return Math.max(lower, Math.min(upper, at));
  }

  @Override
  public void appendStructure(StringBuilder builder, Bindings bindings) {
    base.appendStructure(builder, bindings);
    builder.append("[:]");
  }

  @Override
  public String toString() {
    return "[:]";
  }

  @Override
  public int getCardinality() {
    return children().size();
  }

  @Override
  public AstNode getChild(int i) {
    return children().get(i);
  }

  private List<AstNode> children() {
    return Stream.of(base, start, stop, step).filter(Objects::nonNull).toList();
  }
}
