package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.StatefulSetClaims;
import io.webserveroperator.manifest.StatefulSetClaims.ClaimTemplate;
import io.webserveroperator.manifest.UntypedMaps;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * What becomes of an UPDATE the API server refused, for {@link Planner#refused} and {@link
 * Planner#claimRefused}: one judgement for a run and a preview alike.
 *
 * <p>Only fields that cannot change are ever a reason to delete: the API server refused the values
 * of fields ({@link Refusal#refusesFieldValues()}) and would accept the very same object as new (a
 * dry-run create of it is answered AlreadyExists, having passed validation). That takes no wording:
 * a Deployment's selector, a Service's clusterIP, a Job's template, a StatefulSet's spec outside
 * the fields it lets change, a claim that would shrink, a custom kind's transition rule all answer
 * so, and an object that is wrong in itself never does.
 */
final class Recreation {

  private static final String CLAIM_KIND = "PersistentVolumeClaim";

  /** Changes named in a sentence; more are counted. */
  private static final int CHANGES_NAMED = 3;

  /** Values printed in a sentence longer than this are cut. */
  private static final int LONGEST_VALUE = 60;

  private Recreation() {}

  static List<PlanEntry> refused(
      PlanEntry update, Refusal refusal, BooleanSupplier acceptedAsNew, LiveClaims claims) {
    boolean existing = update.action() == Action.UPDATE || update.action() == Action.ADOPT;
    if (!existing || !refusal.refusesFieldValues() || !acceptedAsNew.getAsBoolean()) {
      return List.of();
    }
    ObjectRef ref = update.ref();
    String why = ref + ": " + why(update, refusal);
    if (isClaim(ref)) {
      return List.of(
          update.as(
              Action.REFUSED,
              why
                  + ". A PersistentVolumeClaim is never deleted to be made again, "
                  + Lifecycle.FORCE
                  + " or not, since its data would go with it: change "
                  + update.template()
                  + " back, or move the data to a new claim."));
    }
    boolean orphaning = orphansDependents(ref);
    if (!Lifecycle.of(update.desired()).recreate()) {
      return List.of(
          update.as(
              Action.REFUSED,
              why
                  + ". To have the operator delete it"
                  + (orphaning
                      ? " (its pods and claims stay, for the new one to adopt; claims grow where"
                          + " their StorageClass allows expansion)"
                      : "")
                  + " and create it again, annotate it "
                  + Lifecycle.FORCE
                  + ": enabled in "
                  + update.template()
                  + "."));
    }
    List<PlanEntry> entries = new ArrayList<>(expansions(update, claims));
    entries.add(
        update.as(
            Action.RECREATE,
            why
                + "; "
                + Lifecycle.FORCE
                + ": enabled: deleted"
                + (orphaning ? ", orphaning its pods and claims," : "")
                + " and created again"));
    return entries;
  }

  static List<PlanEntry> claimRefused(List<PlanEntry> planned, PlanEntry claim, Refusal refusal) {
    PlanEntry recreate =
        planned.stream()
            .filter(entry -> entry.action() == Action.RECREATE)
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no RECREATE among " + planned));
    String sentence =
        claim.ref()
            + ", made by "
            + recreate.ref()
            + ", cannot grow to "
            + storage(claim.desired())
            + " (it holds "
            + storage(claim.live())
            + "): "
            + refusal.readable()
            + ". "
            + recreate.ref()
            + " is not recreated and nothing is deleted; its StorageClass must allow volume"
            + " expansion (allowVolumeExpansion: true), or "
            + recreate.template()
            + " must ask for the storage the claims hold.";
    List<PlanEntry> entries = new ArrayList<>();
    for (PlanEntry entry : planned) {
      if (entry.ref().equals(claim.ref())) {
        entries.add(entry.as(Action.REFUSED, sentence));
        break;
      }
      entries.add(entry);
    }
    entries.add(recreate.as(Action.REFUSED, sentence));
    return entries;
  }

  /** Whether the object is recreated orphaning what it made, so that no pod and no data go. */
  static boolean orphansDependents(ObjectRef ref) {
    return ref.group().equals("apps") && ref.kind().equals("StatefulSet");
  }

  /**
   * {@code the API server refuses this change of spec.selector (field is immutable), though it
   * would accept the object as new; the template changes /spec/selector/matchLabels/tier to "web"}.
   */
  private static String why(PlanEntry update, Refusal refusal) {
    String details =
        refusal.causes().stream()
            .map(Refusal.Cause::detail)
            .filter(detail -> !detail.isEmpty())
            .distinct()
            .collect(Collectors.joining("; "));
    return "the API server refuses this change of "
        + String.join(", ", refusal.fields())
        + (details.isEmpty() ? "" : " (" + details + ")")
        + ", though it would accept the object as new; the template "
        + changes(update, refusal);
  }

  /** The patch's operations under the refused fields (all of them when none is), as words. */
  private static String changes(PlanEntry update, Refusal refusal) {
    List<JsonNode> all = new ArrayList<>();
    update.patch().operations().forEach(all::add);
    List<String> pointers = refusal.causes().stream().map(Refusal.Cause::pointer).toList();
    List<JsonNode> under =
        all.stream()
            .filter(op -> pointers.stream().anyMatch(p -> within(op.path("path").asText(), p)))
            .toList();
    List<JsonNode> named = under.isEmpty() ? all : under;
    if (named.isEmpty()) {
      return "changes them";
    }
    String words =
        named.stream()
            .limit(CHANGES_NAMED)
            .map(Recreation::words)
            .collect(Collectors.joining(", "));
    return "changes "
        + words
        + (named.size() > CHANGES_NAMED ? " and " + (named.size() - CHANGES_NAMED) + " more" : "");
  }

  private static boolean within(String path, String pointer) {
    return !pointer.isEmpty() && (path.equals(pointer) || path.startsWith(pointer + "/"));
  }

  private static String words(JsonNode op) {
    String path = op.path("path").asText();
    if (op.path("op").asText().equals("remove")) {
      return path + " (removed)";
    }
    String value = op.path("value").toString();
    return path
        + " to "
        + (value.length() > LONGEST_VALUE ? value.substring(0, LONGEST_VALUE) + "..." : value);
  }

  /**
   * An EXPAND_CLAIM for each claim the live StatefulSet made from a template that now asks for more
   * storage than the claim does; no claim is read unless a template asks for more than it did.
   */
  private static List<PlanEntry> expansions(PlanEntry update, LiveClaims claims) {
    Optional<StatefulSetClaims> wanted = StatefulSetClaims.of(update.desired());
    Optional<StatefulSetClaims> made = StatefulSetClaims.of(update.live());
    if (wanted.isEmpty() || made.isEmpty()) {
      return List.of();
    }
    Map<String, String> grown = new LinkedHashMap<>();
    for (ClaimTemplate template : wanted.get().templates()) {
      Optional<ClaimTemplate> before =
          made.get().templates().stream().filter(t -> t.name().equals(template.name())).findFirst();
      if (before.isPresent() && less(before.get().storage(), template.storage())) {
        grown.put(template.name(), template.storage());
      }
    }
    if (grown.isEmpty()) {
      return List.of();
    }
    String namespace = update.ref().namespace();
    List<PlanEntry> entries = new ArrayList<>();
    for (Map<String, Object> claim : claims.list(namespace, made.get().selector())) {
      String name = String.valueOf(UntypedMaps.get(claim, "metadata", "name"));
      Optional<ClaimTemplate> from = made.get().templateOf(name);
      String holds = storage(claim);
      if (from.isPresent()
          && grown.containsKey(from.get().name())
          && less(holds, grown.get(from.get().name()))) {
        entries.add(expansion(update, namespace, name, claim, from.get().name(), grown));
      }
    }
    return entries;
  }

  private static PlanEntry expansion(
      PlanEntry update,
      String namespace,
      String name,
      Map<String, Object> claim,
      String template,
      Map<String, String> grown) {
    ObjectRef ref = new ObjectRef("v1", CLAIM_KIND, namespace, name);
    String storage = grown.get(template);
    Map<String, Object> desired = new LinkedHashMap<>();
    desired.put("apiVersion", "v1");
    desired.put("kind", CLAIM_KIND);
    desired.put("metadata", Map.of("name", name, "namespace", namespace));
    desired.put("spec", Map.of("resources", Map.of("requests", Map.of("storage", storage))));
    ObjectNode replace = JsonNodeFactory.instance.objectNode();
    replace.put("op", "replace");
    replace.put("path", "/spec/resources/requests/storage");
    replace.put("value", storage);
    return new PlanEntry(
        ref,
        Action.EXPAND_CLAIM,
        desired,
        claim,
        Patch.of(JsonNodeFactory.instance.arrayNode().add(replace)),
        update.template(),
        null,
        List.of(),
        "made by "
            + update.ref()
            + " from its volumeClaimTemplate "
            + template
            + "; storage "
            + storage(claim)
            + " to "
            + storage,
        List.of());
  }

  private static boolean isClaim(ObjectRef ref) {
    return ref.group().isEmpty() && ref.kind().equals(CLAIM_KIND);
  }

  private static String storage(Map<String, Object> claim) {
    Object storage = UntypedMaps.get(claim, "spec", "resources", "requests", "storage");
    return storage == null ? "no storage request" : String.valueOf(storage);
  }

  /** Whether quantity {@code a} is less than {@code b}; false when either is no quantity. */
  private static boolean less(String a, String b) {
    BigDecimal left = ScalarEquivalence.quantity(a);
    BigDecimal right = ScalarEquivalence.quantity(b);
    return left != null && right != null && left.compareTo(right) < 0;
  }
}
