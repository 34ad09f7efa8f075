package io.webserveroperator.bench.edit;

import io.webserveroperator.template.watches.RolloutPolicy;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether and how {@code bench scale} runs its template-edit phase.
 *
 * @param enabled whether it runs: one edit with no rollout policy
 * @param policy when present, a second edit follows, the operator restarted with this policy in
 *     watches.yaml (the operator reads a policy only when it starts)
 * @param rolloutTime how long the simulated Deployment controller takes to roll one Deployment out
 */
public record TemplateEditOptions(
    boolean enabled, Optional<RolloutPolicy> policy, Duration rolloutTime) {

  public TemplateEditOptions {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(rolloutTime, "rolloutTime");
    if (policy.isPresent() && !enabled) {
      throw new IllegalArgumentException(
          "--rollout-steps is the policy of the template-edit phase; add --template-edit.");
    }
    if (rolloutTime.isNegative()) {
      throw new IllegalArgumentException("--rollout-time must be 0 or more, not " + rolloutTime);
    }
  }

  /** No template-edit phase. */
  public static TemplateEditOptions off() {
    return new TemplateEditOptions(false, Optional.empty(), Duration.ZERO);
  }
}
