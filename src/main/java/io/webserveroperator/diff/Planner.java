package io.webserveroperator.diff;

import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.Claim.Standing;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Compares rendered objects with live ones and decides, per object, whether to create, update,
 * leave or prune it. Pure and stateless: safe to share between threads.
 *
 * <p>The comparison is built so that a steady state never flaps and real drift always shows: the
 * live object is projected onto the fields the template sets and both sides are normalised before
 * diffing (see the package documentation). Fields the template stopped setting are not reported;
 * server-side apply removes them.
 */
public final class Planner {

  /**
   * Plans one reconcile.
   *
   * @param desired the rendered objects, in render order; each identity at most once
   * @param live the live objects (the caches when the operator runs, the API server for {@code
   *     diff}). Asked once per desired object and once per inventory object to prune.
   * @param inventory the objects the resource owned last time (from its status). Those no longer
   *     rendered become PRUNE entries (ORPHAN when their live copy says {@code resource-policy:
   *     keep}), unless already gone. Matched by identity (group, kind, namespace and name): a
   *     template that moves an object to another API version does not prune it.
   * @param owner the resource the objects are rendered for: an existing object that is not its own
   *     is ADOPT or CONFLICT ({@link Claim}), never UPDATE
   * @param ignored the kind's {@code ignoreDifferences}: fields of existing objects left out of the
   *     comparison, and out of what is applied or at their live value in it
   * @return one entry per desired object in order, then the PRUNE and ORPHAN entries in inventory
   *     order; the inventory's objects that are gone or no longer the resource's, released
   * @throws DiffException when two rendered objects have the same identity
   */
  public Plan plan(
      List<RenderedObject> desired,
      LiveObjects live,
      Inventory inventory,
      Owner owner,
      List<IgnoreDifference> ignored) {
    Objects.requireNonNull(desired, "desired");
    Objects.requireNonNull(live, "live");
    Objects.requireNonNull(inventory, "inventory");
    Objects.requireNonNull(owner, "owner");
    Map<ObjectRef.Identity, RenderedObject> rendered = new LinkedHashMap<>();
    for (RenderedObject object : desired) {
      RenderedObject earlier = rendered.putIfAbsent(object.ref().identity(), object);
      if (earlier != null) {
        throw new DiffException(
            object.ref(),
            "rendered twice, by "
                + earlier.template()
                + " and "
                + object.template()
                + "; give each object a unique name.");
      }
    }
    List<PlanEntry> entries = new ArrayList<>();
    for (RenderedObject object : rendered.values()) {
      Map<String, Object> found = lookUp(live, object.ref()).orElse(null);
      entries.add(
          found == null
              ? compare(object, null)
              : judge(object, found, owner, inventory.contains(object.ref()), ignored));
    }
    List<ObjectRef> released = new ArrayList<>();
    for (ObjectRef ref : inventory.refs()) {
      if (rendered.containsKey(ref.identity())) {
        continue;
      }
      // Only what is still ours and still carries the operator's label is ever deleted.
      Optional<Map<String, Object>> ours =
          lookUp(live, ref)
              .filter(ManagedLabels::isManaged)
              .filter(object -> Claim.judge(ref, object, owner, true).standing() == Standing.OURS);
      if (ours.isPresent()) {
        entries.add(
            PlanEntry.unrendered(
                ref, Lifecycle.of(ours.get()).keep() ? Action.ORPHAN : Action.PRUNE, ours.get()));
      } else {
        released.add(ref);
      }
    }
    return new Plan(entries, released);
  }

  /**
   * Plans one rendered object that exists already: by the resource's claim on it, then by its
   * lifecycle, then by comparing what would be applied, its ignored fields left to their managers.
   * A create-only object is never written past its creation: only what ownership needs ({@link
   * OwnershipPatch}) is, when it is adopted or its lifecycle annotations change. Any other object
   * is updated when its fields differ or it is not owned as the rendered object says ({@code keep}
   * added: its owner reference goes). A generated secret is held at its live value, so that it is
   * never drift and never left out of what is applied.
   */
  public PlanEntry judge(
      RenderedObject rendered,
      Map<String, Object> live,
      Owner owner,
      boolean inInventory,
      List<IgnoreDifference> ignored) {
    RenderedObject held = settled(rendered, live);
    IgnoredFields.Result sent = IgnoredFields.apply(held.ref(), held.body(), live, ignored);
    RenderedObject desired = held.withBody(sent.body());
    Claim claim = Claim.judge(desired.ref(), live, owner, inInventory);
    if (claim.standing() == Standing.CONFLICT) {
      return entry(desired, Action.CONFLICT, live, compare(desired, live).patch(), claim, sent);
    }
    OwnershipPatch ownership =
        OwnershipPatch.between(desired.body(), live, owner, claim.standing() == Standing.ADOPT);
    Patch ownershipChange = Patch.between(ownership.before(), ownership.after());
    if (Lifecycle.of(desired.body()).createOnly()) {
      Action action =
          claim.standing() == Standing.ADOPT
              ? Action.ADOPT
              : ownership.isEmpty() ? Action.UNCHANGED : Action.UPDATE;
      return entry(desired, action, live, ownershipChange, claim, sent);
    }
    PlanEntry compared = compare(desired, live);
    if (claim.standing() == Standing.ADOPT) {
      return entry(desired, Action.ADOPT, live, compared.patch(), claim, sent);
    }
    if (compared.action() == Action.UNCHANGED && !ownership.isEmpty()) {
      return entry(desired, Action.UPDATE, live, ownershipChange, claim, sent);
    }
    return withIgnored(compared, sent.fields());
  }

  /**
   * Plans again an UPDATE (or ADOPT) the API server refused, as a run and a preview both do when
   * they meet the refusal. When the refusal is of fields that cannot change, the object being
   * accepted as new ({@link Recreation}):
   *
   * <ul>
   *   <li>its template says {@code force: enabled}: RECREATE (a StatefulSet orphaning its pods and
   *       claims), and, for a StatefulSet whose {@code volumeClaimTemplates} ask for more storage
   *       than they did, first an EXPAND_CLAIM for each claim it made that holds less;
   *   <li>it does not, or the object is a PersistentVolumeClaim (never deleted to be made again):
   *       REFUSED, its note one sentence naming the object, the fields, the values the template
   *       sets and what would recreate it.
   * </ul>
   *
   * @param update the UPDATE or ADOPT entry refused; any other entry is not planned again
   * @param refusal the API server's answer to it
   * @param acceptedAsNew whether the API server would accept the desired object as new: a request,
   *     sent only when the refusal is of fields' values ({@link Refusal#refusesFieldValues()})
   * @param claims read only for a StatefulSet to be recreated whose claims may have to grow
   * @return the entries to carry out in order, the refused one last; empty when the refusal is not
   *     of fields that cannot change (an object wrong in itself), which is never a reason to delete
   */
  public List<PlanEntry> refused(
      PlanEntry update, Refusal refusal, BooleanSupplier acceptedAsNew, LiveClaims claims) {
    return Recreation.refused(update, refusal, acceptedAsNew, claims);
  }

  /**
   * Plans again what {@link #refused} planned when the API server refused to raise {@code claim}'s
   * storage: the claims before it as planned, it and the StatefulSet REFUSED with one sentence (the
   * claim, both sizes, the API server's words), nothing after it; so nothing is deleted.
   */
  public List<PlanEntry> claimRefused(List<PlanEntry> planned, PlanEntry claim, Refusal refusal) {
    return Recreation.claimRefused(planned, claim, refusal);
  }

  private static PlanEntry entry(
      RenderedObject desired,
      Action action,
      Map<String, Object> live,
      Patch patch,
      Claim claim,
      IgnoredFields.Result sent) {
    boolean claimed = action == Action.ADOPT || action == Action.CONFLICT;
    return new PlanEntry(
        desired.ref(),
        action,
        desired.body(),
        live,
        action == Action.UNCHANGED ? Patch.EMPTY : patch,
        desired.template(),
        claimed ? claim : null,
        sent.fields(),
        null,
        desired.generated());
  }

  private static PlanEntry withIgnored(PlanEntry entry, List<IgnoredField> ignored) {
    return ignored.isEmpty()
        ? entry
        : new PlanEntry(
            entry.ref(),
            entry.action(),
            entry.desired(),
            entry.live(),
            entry.patch(),
            entry.template(),
            entry.claim(),
            ignored,
            entry.note(),
            entry.generated());
  }

  /**
   * The rendered object with each generated secret at its live value, or a new one where the live
   * object has none (a new object, a key deleted).
   */
  private static RenderedObject settled(RenderedObject rendered, Map<String, Object> live) {
    if (rendered.generated().isEmpty()) {
      return rendered;
    }
    Map<String, Object> body = UntypedMaps.deepCopyMap(rendered.body());
    rendered.generated().forEach(field -> field.settle(body, live));
    return rendered.withBody(body);
  }

  /**
   * Compares one rendered object with its live copy, taken to be the resource's own.
   *
   * @param rendered the rendered object; its generated secrets are held at their live value, or
   *     made
   * @param liveOrNull the live object, or null when it does not exist
   * @return a CREATE, UPDATE or UNCHANGED entry
   */
  public PlanEntry compare(RenderedObject rendered, Map<String, Object> liveOrNull) {
    Objects.requireNonNull(rendered, "rendered");
    RenderedObject desired = settled(rendered, liveOrNull);
    Map<String, Object> wanted = Normalizer.normalize(desired.body());
    if (liveOrNull == null) {
      return new PlanEntry(
          desired.ref(),
          Action.CREATE,
          desired.body(),
          null,
          Patch.between(Map.of(), wanted),
          desired.template(),
          null,
          List.of(),
          null,
          desired.generated());
    }
    Map<String, Object> projected =
        LiveProjection.project(Normalizer.normalize(liveOrNull), wanted);
    // Normalised, equal maps are exactly those between which the patch is empty.
    boolean unchanged = projected.equals(wanted);
    return new PlanEntry(
        desired.ref(),
        unchanged ? Action.UNCHANGED : Action.UPDATE,
        desired.body(),
        liveOrNull,
        unchanged ? Patch.EMPTY : Patch.between(projected, wanted),
        desired.template(),
        null,
        List.of(),
        null,
        desired.generated());
  }

  private static Optional<Map<String, Object>> lookUp(LiveObjects live, ObjectRef ref) {
    return Objects.requireNonNullElse(live.get(ref), Optional.empty());
  }
}
