package io.webserveroperator.manifest;

import java.util.Map;
import java.util.Objects;

/**
 * A resource's claim on an object that exists already under a name its templates render: whether
 * the object is the resource's own, may be taken over, or belongs to someone else. Ours is what we
 * created or were told to adopt (DESIGN.md, "Sharing the cluster"); the rules, in order:
 *
 * <ol>
 *   <li>A controller owner reference decides alone: to this resource's uid it is {@code OURS}; to
 *       anything else (another WebServer, any controller) a {@code CONFLICT}, whatever the object's
 *       labels and annotations say.
 *   <li>An object of a Helm release ({@code meta.helm.sh/release-name}) is a {@code CONFLICT}.
 *   <li>Our managed-by label with this resource's name as instance label and its kind in the owner
 *       kind labels: {@code OURS} when the resource's inventory lists it (an object in another
 *       namespace, or kept), else {@code ADOPT} (kept by an earlier resource of that name and kind,
 *       as Helm's keep works); with another instance name or kind, a {@code CONFLICT}. An object
 *       stamped before the kind labels existed counts as of the resource's kind.
 *   <li>Annotated {@link Lifecycle#ADOPT}{@code : "true"} by its owner: {@code ADOPT}.
 *   <li>Anything else is a {@code CONFLICT}: never changed, owned, pruned or deleted.
 * </ol>
 *
 * @param standing what the resource may do with the object
 * @param reason why, as a sentence that names the object (what a condition or event says)
 */
public record Claim(Standing standing, String reason) {

  /** What a resource may do with an existing object. */
  public enum Standing {
    /** The resource's own: update it as planned. */
    OURS,
    /** Not yet the resource's, but it may take it over. */
    ADOPT,
    /** Someone else's: leave it alone, and apply nothing of that reconcile. */
    CONFLICT
  }

  private static final String HELM_RELEASE = "meta.helm.sh/release-name";

  public Claim {
    Objects.requireNonNull(standing, "standing");
    Objects.requireNonNull(reason, "reason");
  }

  /**
   * Judges the resource's claim on one live object.
   *
   * @param ref the object
   * @param live the object as it is in the cluster
   * @param owner the resource whose templates render it
   * @param inInventory whether the resource's status inventory lists the object
   */
  public static Claim judge(
      ObjectRef ref, Map<String, Object> live, Owner owner, boolean inInventory) {
    Map<String, Object> meta = UntypedMaps.getMapOrEmpty(live, "metadata");
    Map<String, Object> controller = controllerOf(meta);
    if (controller != null) {
      if (owner.uid() != null && owner.uid().equals(controller.get("uid"))) {
        return new Claim(Standing.OURS, ref + " is controlled by " + owner);
      }
      return conflict(
          ref
              + " exists and is controlled by "
              + controller.get("kind")
              + " "
              + controller.get("name")
              + ", not by "
              + owner);
    }
    Map<String, Object> annotations = UntypedMaps.getMapOrEmpty(meta, "annotations");
    if (annotations.get(HELM_RELEASE) != null) {
      return conflict(
          ref
              + " exists and belongs to Helm release "
              + annotations.get(HELM_RELEASE)
              + ", not to "
              + owner);
    }
    Map<String, Object> labels = UntypedMaps.getMapOrEmpty(meta, "labels");
    if (ManagedLabels.MANAGER.equals(labels.get(ManagedLabels.MANAGED_BY))) {
      String managedFor = managedFor(labels);
      if (owner.name().equals(labels.get(ManagedLabels.INSTANCE)) && sameKind(labels, owner)) {
        return inInventory
            ? new Claim(Standing.OURS, ref + " is in the inventory of " + owner)
            : new Claim(
                Standing.ADOPT, ref + " was left in place for " + owner + " and is adopted");
      }
      return conflict(ref + " exists and is managed for " + managedFor + ", not by " + owner);
    }
    if (Lifecycle.adoptable(live)) {
      return new Claim(
          Standing.ADOPT, ref + " is annotated " + Lifecycle.ADOPT + " and is adopted by " + owner);
    }
    return conflict(
        ref
            + " exists and is not managed by "
            + owner
            + "; annotate it "
            + Lifecycle.ADOPT
            + "=true to let "
            + owner
            + " take it over, or rename the object in the template");
  }

  /**
   * Whether the owner kind labels name the owner's kind. An object without them was stamped before
   * they existed: it is taken to be of the kind of the resource whose name it carries, as then.
   */
  private static boolean sameKind(Map<String, Object> labels, Owner owner) {
    if (!labels.containsKey(ManagedLabels.OWNER_KIND)) {
      return true;
    }
    Map<String, String> expected = owner.kindLabels();
    return expected.get(ManagedLabels.OWNER_KIND).equals(labels.get(ManagedLabels.OWNER_KIND))
        && Objects.equals(
            expected.get(ManagedLabels.OWNER_GROUP), labels.get(ManagedLabels.OWNER_GROUP));
  }

  /** {@code Postgres orders} (its kind when the labels name it), as a conflict names the holder. */
  private static String managedFor(Map<String, Object> labels) {
    Object instance = labels.get(ManagedLabels.INSTANCE);
    Object kind = labels.get(ManagedLabels.OWNER_KIND);
    return kind == null ? String.valueOf(instance) : kind + " " + instance;
  }

  private static Claim conflict(String reason) {
    return new Claim(Standing.CONFLICT, reason);
  }

  private static Map<String, Object> controllerOf(Map<String, Object> meta) {
    return UntypedMaps.getMaps(meta, "ownerReferences").stream()
        .filter(reference -> Boolean.TRUE.equals(reference.get("controller")))
        .findFirst()
        .orElse(null);
  }
}
