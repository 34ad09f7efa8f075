package io.webserveroperator.template.watches;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One step of a kind's {@link RolloutPolicy}: how many of the kind's resources are on the new
 * revision once the step is done, counted from the start (not added to the step before), as a
 * {@link Count} ({@code 1}) or a {@link Percent} ({@code "10%"}) of all of them.
 */
public sealed interface RolloutStep {

  /**
   * A number of resources, at most all of them.
   *
   * @param count 1 or more
   */
  record Count(int count) implements RolloutStep {

    public Count {
      if (count < 1) {
        throw new IllegalArgumentException(
            count + " must be a count above 0 or a percentage such as \"10%\"");
      }
    }

    @Override
    public int of(int total) {
      return Math.min(count, total);
    }

    /** As written in watches.yaml: {@code 1}. */
    @Override
    public String toString() {
      return Integer.toString(count);
    }
  }

  /**
   * A share of the resources, rounded up, so that {@code "10%"} of 3 is 1.
   *
   * @param percent above 0 and at most 100
   */
  record Percent(int percent) implements RolloutStep {

    public Percent {
      if (percent < 1 || percent > 100) {
        throw new IllegalArgumentException(
            "\"" + percent + "%\" must be a percentage above 0 and at most 100");
      }
    }

    @Override
    public int of(int total) {
      return (int) ((percent * (long) total + 99) / 100);
    }

    /** As written in watches.yaml: {@code 10%}. */
    @Override
    public String toString() {
      return percent + "%";
    }
  }

  /** How many of {@code total} resources this step names, from 0 to {@code total}. */
  int of(int total);

  /**
   * A step as YAML reads it: an integer is a count, a string {@code "N%"} a percentage. A string of
   * digits alone is refused, as Kubernetes refuses it in {@code maxSurge}: it is not clear which
   * was meant.
   *
   * @throws IllegalArgumentException saying what is wrong with {@code value} (a string in quotes)
   */
  static RolloutStep parse(Object value) {
    if (value instanceof Integer count) {
      return new Count(count);
    }
    if (value instanceof Long || value instanceof BigInteger) {
      throw new IllegalArgumentException(value + " is too large a count");
    }
    String quoted = value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
    String text = value instanceof String string ? string.strip() : "";
    if (!text.matches("-?\\d+(\\.\\d+)?%")) {
      throw new IllegalArgumentException(
          quoted + " is neither a count (1) nor a percentage (\"10%\")");
    }
    BigDecimal percent = new BigDecimal(text.substring(0, text.length() - 1));
    if (percent.signum() <= 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0) {
      throw new IllegalArgumentException(quoted + " must be a percentage above 0 and at most 100");
    }
    if (percent.stripTrailingZeros().scale() > 0) {
      throw new IllegalArgumentException(quoted + " must be a whole percentage");
    }
    return new Percent(percent.intValueExact());
  }
}
