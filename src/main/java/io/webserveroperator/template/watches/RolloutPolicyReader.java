package io.webserveroperator.template.watches;

import io.webserveroperator.template.source.TemplateLoadException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the {@code rollout} of a kind's watches.yaml entry into a {@link RolloutPolicy}, key by
 * key: a mistake names the file and the line of the key or value at fault. An unknown key is a
 * mistake too, so that a typo never rolls a change out to everyone at once.
 */
final class RolloutPolicyReader {

  private static final Set<String> KEYS = Set.of("steps", "progressDeadline", "maxUnready");
  private static final String EXAMPLE = "[1, \"10%\", \"100%\"]";

  private final String file;
  private final YamlLines lines;
  private final String pointer;

  /**
   * A reader of one entry's {@code rollout}.
   *
   * @param file watches.yaml, relative to the templates root, as messages name it
   * @param lines the lines of that file
   * @param pointer where the entry's {@code rollout} is in that file, for {@link YamlLines}: {@code
   *     /0/2/rollout}
   */
  RolloutPolicyReader(String file, YamlLines lines, String pointer) {
    this.file = file;
    this.lines = lines;
    this.pointer = pointer;
  }

  /**
   * @param value the value of {@code rollout}, or null when absent
   * @throws TemplateLoadException naming the file, the line and the key: {@code watches.yaml:7:
   *     rollout.steps: "0%" must be a percentage above 0 and at most 100}
   */
  Optional<RolloutPolicy> read(Object value) {
    return value == null ? Optional.empty() : Optional.of(policy(value));
  }

  private RolloutPolicy policy(Object value) {
    if (!(value instanceof Map<?, ?> rollout)) {
      throw failure("", "rollout must be a map with the keys " + new TreeSet<>(KEYS));
    }
    for (Object key : rollout.keySet()) {
      if (!KEYS.contains(String.valueOf(key))) {
        throw failure(
            "/" + key,
            "rollout has an unknown key '" + key + "'; the keys are " + new TreeSet<>(KEYS));
      }
    }
    return new RolloutPolicy(
        steps(rollout.get("steps")),
        deadline(rollout.get("progressDeadline")),
        maxUnready(rollout.get("maxUnready")));
  }

  private List<RolloutStep> steps(Object value) {
    if (value == null) {
      throw failure("", "rollout needs 'steps', a list such as " + EXAMPLE);
    }
    if (!(value instanceof List<?> items) || items.isEmpty()) {
      throw failure(
          "/steps", "rollout.steps must be a list of one step or more, such as " + EXAMPLE);
    }
    List<RolloutStep> steps = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      String at = "/steps/" + i;
      RolloutStep step;
      try {
        step = RolloutStep.parse(items.get(i));
      } catch (IllegalArgumentException e) {
        throw failure(at, "rollout.steps: " + e.getMessage());
      }
      if (i > 0) {
        RolloutPolicy.orderProblem(steps.get(i - 1), step)
            .ifPresent(
                problem -> {
                  throw failure(at, "rollout.steps: " + problem);
                });
      }
      steps.add(step);
    }
    return steps;
  }

  private Duration deadline(Object value) {
    if (value == null) {
      return RolloutPolicy.DEFAULT_PROGRESS_DEADLINE;
    }
    Duration deadline;
    try {
      deadline = GoDuration.parse(value);
    } catch (IllegalArgumentException e) {
      throw failure("/progressDeadline", "rollout.progressDeadline: " + e.getMessage());
    }
    if (deadline.compareTo(Duration.ZERO) <= 0) {
      throw failure(
          "/progressDeadline", "rollout.progressDeadline: " + quoted(value) + " must be above 0");
    }
    return deadline;
  }

  private int maxUnready(Object value) {
    if (value == null) {
      return 0;
    }
    if (!(value instanceof Integer count) || count < 0) {
      throw failure(
          "/maxUnready", "rollout.maxUnready: " + quoted(value) + " must be a count of 0 or more");
    }
    return count;
  }

  private TemplateLoadException failure(String key, String reason) {
    return new TemplateLoadException(file, lines.line(pointer + key), reason);
  }

  /** A YAML value as watches.yaml shows it: a string in quotes. */
  private static String quoted(Object value) {
    return value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
  }
}
