package io.webserveroperator.controller;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.StatefulSetClaims;
import io.webserveroperator.status.Reason;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Normal event that names the claims a StatefulSet made when the StatefulSet goes (pruned, or
 * with its resource): whether they stay or go with it, as its {@code
 * persistentVolumeClaimRetentionPolicy} says, since they hold the resource's data and a StatefulSet
 * that goes leaves them without a word otherwise. Kubernetes keeps or deletes them; the operator
 * only tells.
 *
 * @param reason {@code ClaimsRetained} or {@code ClaimsDeleted}
 * @param message {@code StatefulSet ns/db was pruned; the claims it made stay
 *     (persistentVolumeClaimRetentionPolicy whenDeleted: Retain): PersistentVolumeClaim
 *     ns/data-db-0}
 */
record ClaimNotice(Reason reason, String message) {

  /**
   * The notice for a StatefulSet that goes, or empty when it makes no claim.
   *
   * @param why how it goes: {@code was pruned}, {@code goes with Postgres ns/orders, deleted}
   */
  static Optional<ClaimNotice> of(StatefulSetClaims statefulSet, String why) {
    List<ObjectRef> claims = statefulSet.claims();
    if (claims.isEmpty()) {
      return Optional.empty();
    }
    boolean deleted = statefulSet.deletedWithIt();
    String names =
        claims.stream()
            .map(ObjectRef::toString)
            .map(ref -> ref.substring(ref.indexOf(' ') + 1))
            .collect(Collectors.joining(", "));
    return Optional.of(
        new ClaimNotice(
            deleted ? Reason.CLAIMS_DELETED : Reason.CLAIMS_RETAINED,
            statefulSet.statefulSet()
                + " "
                + why
                + "; the claims it made "
                + (deleted ? "go with it" : "stay")
                + " (persistentVolumeClaimRetentionPolicy whenDeleted: "
                + statefulSet.whenDeleted()
                + (statefulSet.policyWritten() ? "" : ", Kubernetes' default")
                + "): PersistentVolumeClaim "
                + names
                + (deleted
                    ? ""
                    : ". A StatefulSet of the same name and claim templates finds them again;"
                        + " delete them yourself when their data is no longer needed.")));
  }
}
