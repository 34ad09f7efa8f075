package io.webserveroperator.bench.edit;

import java.util.HashSet;
import java.util.Set;

/**
 * The Deployments rolling out, as a watch reports them: those whose spec changed ({@code
 * metadata.generation} above {@code status.observedGeneration}) and that the Deployment controller
 * has not yet reported available, which it does in the same status write that catches {@code
 * observedGeneration} up. Keeps the most rolling at once since {@link #reset} (a phase) and since
 * {@link #takeStepMax} (a rollout step). Thread-safe.
 */
public final class RollingDeployments {

  private final Set<String> rolling = new HashSet<>();
  private int phaseMax;
  private int stepMax;

  /** A Deployment as the watch saw it, added or updated. */
  synchronized void seen(String name, long generation, long observedGeneration) {
    if (generation > observedGeneration) {
      rolling.add(name);
      phaseMax = Math.max(phaseMax, rolling.size());
      stepMax = Math.max(stepMax, rolling.size());
    } else {
      rolling.remove(name);
    }
  }

  /** A Deployment deleted. */
  synchronized void gone(String name) {
    rolling.remove(name);
  }

  /** How many are rolling now. */
  synchronized int now() {
    return rolling.size();
  }

  /** The most rolling at once since {@link #reset}. */
  synchronized int phaseMax() {
    return phaseMax;
  }

  /** Counts both maxima again from those rolling now. */
  synchronized void reset() {
    phaseMax = rolling.size();
    stepMax = rolling.size();
  }

  /** The most rolling at once since the last call (or {@link #reset}); then counts again. */
  synchronized int takeStepMax() {
    int max = stepMax;
    stepMax = rolling.size();
    return max;
  }
}
