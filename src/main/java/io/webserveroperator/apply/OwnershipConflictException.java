package io.webserveroperator.apply;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.Claim;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Objects the templates render exist and belong to someone else, so nothing of the reconcile was
 * applied or pruned. The message names each object and whom it belongs to.
 */
public final class OwnershipConflictException extends OperatorException {

  private final transient List<Claim> conflicts;

  public OwnershipConflictException(List<Claim> conflicts) {
    super(
        conflicts.stream().map(Claim::reason).collect(Collectors.joining("; "))
            + ". Nothing was applied or pruned.");
    this.conflicts = List.copyOf(conflicts);
  }

  /** The claims that were refused, one per object. */
  public List<Claim> conflicts() {
    return conflicts;
  }
}
