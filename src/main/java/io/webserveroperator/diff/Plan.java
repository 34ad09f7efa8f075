package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What one reconcile will do: one entry per desired object, in render order, then one per object to
 * prune, in inventory order.
 *
 * @param entries the planned steps
 * @param released the inventory's objects, no longer rendered, that the resource no longer holds
 *     and that need no step: gone already, or someone else's by now; dropped from the inventory
 * @param hooks for a preview, the hooks the change would run, one sentence each: {@code pre-upgrade
 *     Job shop/orders-migrate-3f2a1c runs first}
 */
public record Plan(List<PlanEntry> entries, List<ObjectRef> released, List<String> hooks) {

  public Plan {
    entries = List.copyOf(Objects.requireNonNull(entries, "entries"));
    released = List.copyOf(released);
    hooks = List.copyOf(hooks);
  }

  /** A plan that releases nothing and runs no hook. */
  public Plan(List<PlanEntry> entries) {
    this(entries, List.of(), List.of());
  }

  /** A plan that runs no hook. */
  public Plan(List<PlanEntry> entries, List<ObjectRef> released) {
    this(entries, released, List.of());
  }

  /** Several plans as one, in order: what a preview of several resources shows. */
  public static Plan of(List<Plan> plans) {
    List<PlanEntry> entries = new ArrayList<>();
    List<ObjectRef> released = new ArrayList<>();
    List<String> hooks = new ArrayList<>();
    for (Plan plan : plans) {
      entries.addAll(plan.entries());
      released.addAll(plan.released());
      hooks.addAll(plan.hooks());
    }
    return new Plan(entries, released, hooks);
  }

  /** The entries that write or delete something: every action but UNCHANGED. */
  public List<PlanEntry> changes() {
    return entries.stream().filter(PlanEntry::isChange).toList();
  }

  /** Whether anything has to be written or deleted. */
  public boolean hasChanges() {
    return entries.stream().anyMatch(PlanEntry::isChange);
  }

  /** The entries with the given action, in plan order. */
  public List<PlanEntry> byAction(Action action) {
    Objects.requireNonNull(action, "action");
    return entries.stream().filter(entry -> entry.action() == action).toList();
  }

  /**
   * The whole plan as one JSON document, for {@code diff -o json} and logs: a count per action and,
   * per entry, the object's identity, action, template, patch and, for ADOPT and CONFLICT (its
   * claim) and those planned after a refusal (its note), why. Values written into a Secret's {@code
   * data} or {@code stringData} are masked as {@code ***}.
   */
  public JsonNode toJson() {
    JsonNodeFactory json = JsonNodeFactory.instance;
    ObjectNode root = json.objectNode();
    ObjectNode summary = root.putObject("summary");
    for (Action action : Action.values()) {
      summary.put(action.name().toLowerCase(Locale.ROOT), byAction(action).size());
    }
    ArrayNode runs = root.putArray("hooks");
    hooks.forEach(runs::add);
    ArrayNode items = root.putArray("entries");
    for (PlanEntry entry : entries) {
      ObjectNode item = items.addObject();
      item.put("apiVersion", entry.ref().apiVersion());
      item.put("kind", entry.ref().kind());
      if (entry.ref().namespace() != null) {
        item.put("namespace", entry.ref().namespace());
      }
      item.put("name", entry.ref().name());
      item.put("action", entry.action().name());
      if (entry.desired() != null || entry.live() != null) {
        item.put(
            "wave", Ordering.of(entry.desired() != null ? entry.desired() : entry.live()).wave());
      }
      if (entry.template() != null) {
        item.put("template", entry.template());
      }
      if (entry.claim() != null) {
        item.put("claim", entry.claim().reason());
      }
      if (entry.note() != null) {
        item.put("note", entry.note());
      }
      entry.ignored().forEach(field -> item.withArray("ignored").add(field.describe()));
      item.set(
          "patch",
          SecretMask.isSecret(entry.ref())
              ? SecretMask.patch(entry.patch().operations())
              : entry.patch().operations());
    }
    return root;
  }
}
