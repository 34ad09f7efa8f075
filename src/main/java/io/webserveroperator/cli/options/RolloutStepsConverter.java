package io.webserveroperator.cli.options;

import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads rollout steps written as on a command line, {@code 1,10%,50%,100%}, into a {@link
 * RolloutPolicy} with the default deadline and {@code maxUnready}: each step as watches.yaml reads
 * it (a count, or a percentage), and the same order is required.
 */
public final class RolloutStepsConverter implements ITypeConverter<RolloutPolicy> {

  @Override
  public RolloutPolicy convert(String value) {
    List<RolloutStep> steps = new ArrayList<>();
    try {
      for (String part : value.split(",", -1)) {
        String step = part.strip();
        steps.add(RolloutStep.parse(step.matches("\\d+") ? (Object) count(step) : step));
      }
      return new RolloutPolicy(steps, RolloutPolicy.DEFAULT_PROGRESS_DEADLINE, 0);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(
          "'" + value + "' are not rollout steps such as 1,10%,50%,100%: " + e.getMessage());
    }
  }

  private static int count(String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(digits + " is too large a count", e);
    }
  }
}
