package io.webserveroperator.rollout;

import io.webserveroperator.template.TemplateRevision;
import java.util.Optional;

/**
 * A template revision as kept in the cluster.
 *
 * @param revision its files and hash
 * @param number its revision number, as Deployments number their ReplicaSets: a revision made
 *     current again (templates edited back) gets the next number
 * @param state the rollout that moved resources to it, as it last stood
 */
public record StoredRevision(TemplateRevision revision, int number, Optional<RolloutState> state) {

  public String hash() {
    return revision.hash();
  }
}
