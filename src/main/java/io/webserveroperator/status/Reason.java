package io.webserveroperator.status;

/**
 * Every reason the operator gives, on a condition of a resource's status or on an event about it:
 * an API its users match on ({@code kubectl get events --field-selector reason=Adopted}, alerts on
 * {@code Ready} reasons), so each has one constant, one spelling and one meaning, listed in
 * docs/conditions-and-events.md (a test keeps the two in step).
 */
public enum Reason {
  READY("Ready", Use.CONDITION, "every object is applied and every child is ready"),
  PROGRESSING(
      "Progressing", Use.CONDITION, "applied; the message names the children not ready yet"),
  ROLLING_OUT("RollingOut", Use.CONDITION, "`Progressing=True` while children are not ready"),
  COMPLETE("Complete", Use.CONDITION, "`Progressing=False` once every child is ready"),
  AS_EXPECTED("AsExpected", Use.CONDITION, "`Degraded=False`: nothing has failed"),
  CHILD_FAILED(
      "ChildFailed", Use.CONDITION, "a child has failed for good (a readiness rule's `failed`)"),
  RENDER_FAILED(
      "RenderFailed", Use.BOTH, "a template or the status template failed: file, line, cause"),
  TEMPLATES_INVALID(
      "TemplatesInvalid", Use.BOTH, "the kind's templates do not load: file, line, cause"),
  APPLY_FAILED("ApplyFailed", Use.BOTH, "an apply or prune failed in a way a retry may fix"),
  INVALID("Invalid", Use.CONDITION, "the API server refused a rendered object (400 or 422)"),
  FIELD_IMMUTABLE(
      "FieldImmutable",
      Use.BOTH,
      "the API server refuses to change fields of an object once set; `force: enabled` would"
          + " recreate it"),
  CLAIM_CANNOT_GROW(
      "ClaimCannotGrow",
      Use.BOTH,
      "a StatefulSet's claim cannot get the storage its template asks for: not recreated,"
          + " nothing deleted"),
  FORBIDDEN(
      "Forbidden", Use.BOTH, "the API server forbids an update (403: an admission plugin, RBAC)"),
  OWNERSHIP_CONFLICT(
      "OwnershipConflict", Use.BOTH, "an object the templates render belongs to someone else"),
  REVISION_NOT_FOUND(
      "RevisionNotFound", Use.BOTH, "the resource is pinned to a template revision not stored"),
  LOOKUP_PENDING(
      "LookupPending",
      Use.BOTH,
      "a lookup's cache did not list within 10 s; retried after backoff"),
  RECONCILE_DISABLED(
      "ReconcileDisabled", Use.CONDITION, "`Suspended=True`: reconciles are disabled"),
  CREATED("Created", Use.EVENT, "objects were created"),
  UPDATED("Updated", Use.EVENT, "objects were updated to follow the resource or its templates"),
  DRIFT_CORRECTED("DriftCorrected", Use.EVENT, "fields someone else changed were put back"),
  RECREATED("Recreated", Use.EVENT, "an object was deleted and created again (`force`)"),
  EXPANDED(
      "Expanded", Use.EVENT, "claims a StatefulSet made got the storage its template asks for"),
  ADOPTED("Adopted", Use.EVENT, "an existing object was taken over"),
  PRUNED("Pruned", Use.EVENT, "objects the templates no longer render were deleted"),
  KEPT("Kept", Use.EVENT, "objects no longer rendered were left in place (`keep`)"),
  CLAIMS_RETAINED(
      "ClaimsRetained",
      Use.EVENT,
      "a StatefulSet was pruned or its resource deleted: the claims it made stay"),
  CLAIMS_DELETED(
      "ClaimsDeleted",
      Use.EVENT,
      "a StatefulSet was pruned or its resource deleted: the claims it made go with it"),
  APPLIED("Applied", Use.EVENT, "several of the changes above in one reconcile"),
  PRUNE_DEFERRED(
      "PruneDeferred", Use.EVENT, "prunes wait until every rendered child is ready (prune last)"),
  TEMPLATE_REVISION_GONE(
      "TemplateRevisionGone", Use.EVENT, "the revision a resource was on is no longer stored"),
  UNKNOWN_ANNOTATION_VALUE(
      "UnknownAnnotationValue", Use.EVENT, "an operator annotation has a value it does not know"),
  CLEANUP_SKIPPED(
      "CleanupSkipped", Use.EVENT, "a suspended resource was deleted; what was left in place"),
  CLEANUP_FAILED("CleanupFailed", Use.EVENT, "deleting a resource's objects failed; retried"),
  ROLLOUT_PAUSED("RolloutPaused", Use.EVENT, "a template rollout paused: a step is not Ready"),
  WAITING(
      "Waiting",
      Use.EVENT,
      "objects are left as they are until a lower wave, a sibling or a hook is ready"),
  HOOK_FAILED(
      "HookFailed",
      Use.BOTH,
      "a hook failed or timed out: the message names it; nothing else of the change is applied");

  /** Where a reason appears. */
  public enum Use {
    CONDITION,
    EVENT,
    BOTH
  }

  private final String text;
  private final Use use;
  private final String meaning;

  Reason(String text, Use use, String meaning) {
    this.text = text;
    this.use = use;
    this.meaning = meaning;
  }

  /** The reason as written, in CamelCase. */
  public String text() {
    return text;
  }

  public Use use() {
    return use;
  }

  /** What it means, one line, as the docs list it. */
  public String meaning() {
    return meaning;
  }

  @Override
  public String toString() {
    return text;
  }
}
