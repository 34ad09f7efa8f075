package io.webserveroperator.crd;

import io.webserveroperator.manifest.UntypedMaps;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The breaking changes from the CRD a cluster serves to the one about to replace it, with kro's
 * rules (pkg/graph/crd/compat): a field removed, a type changed, an enum narrowed, a field newly
 * required (a new one without a default, or an existing one, or one whose default is dropped), a
 * pattern added or changed, a bound tightened ({@code minimum}, {@code maximum}, {@code minLength},
 * {@code maxLength}, {@code minItems}, {@code maxItems}); and for the CRD itself, a version no
 * longer served, the status subresource removed, the kind or the scope changed. Adding optional
 * fields, widening an enum, loosening a bound or changing a description breaks nothing. Pure.
 */
public final class CrdChanges {

  private static final List<String> LOWER_BOUNDS = List.of("minimum", "minLength", "minItems");
  private static final List<String> UPPER_BOUNDS = List.of("maximum", "maxLength", "maxItems");

  private CrdChanges() {}

  /**
   * What a CRD file decides of the CRD, to compare with what a cluster serves: its {@code spec},
   * with the defaults the API server fills in taken as given ({@code names.singular}, {@code
   * names.listKind}, {@code conversion: None}, {@code preserveUnknownFields: false}), so that a CRD
   * applied from the file compares equal to the file.
   */
  public static Map<String, Object> comparable(Map<String, Object> crd) {
    Map<String, Object> spec = UntypedMaps.deepCopyMap(UntypedMaps.getMapOrEmpty(crd, "spec"));
    Map<String, Object> names = UntypedMaps.getOrCreateMap(spec, "names");
    Object kind = names.get("kind");
    if (kind != null) {
      names.putIfAbsent("singular", kind.toString().toLowerCase(Locale.ROOT));
      names.putIfAbsent("listKind", kind + "List");
    }
    if (Map.of("strategy", "None").equals(spec.get("conversion"))) {
      spec.remove("conversion");
    }
    if (Boolean.FALSE.equals(spec.get("preserveUnknownFields"))) {
      spec.remove("preserveUnknownFields");
    }
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("apiVersion", crd.get("apiVersion"));
    view.put("kind", crd.get("kind"));
    view.put("metadata", Map.of("name", String.valueOf(UntypedMaps.get(crd, "metadata", "name"))));
    view.put("spec", spec);
    return view;
  }

  /** Every breaking change from {@code live} to {@code desired}, CRDs as plain maps. */
  public static List<BreakingChange> breaking(
      Map<String, Object> live, Map<String, Object> desired) {
    List<BreakingChange> changes = new ArrayList<>();
    Object liveKind = UntypedMaps.get(live, "spec", "names", "kind");
    Object desiredKind = UntypedMaps.get(desired, "spec", "names", "kind");
    if (!Objects.equals(liveKind, desiredKind)) {
      changes.add(
          new BreakingChange("", "", "the kind changes from " + liveKind + " to " + desiredKind));
    }
    Object liveScope = UntypedMaps.get(live, "spec", "scope");
    Object desiredScope = UntypedMaps.get(desired, "spec", "scope");
    if (!Objects.equals(liveScope, desiredScope)) {
      changes.add(
          new BreakingChange(
              "", "", "the scope changes from " + liveScope + " to " + desiredScope));
    }
    for (Map<String, Object> old : UntypedMaps.getMaps(live, "spec", "versions")) {
      String name = String.valueOf(old.get("name"));
      Map<String, Object> now =
          UntypedMaps.getMaps(desired, "spec", "versions").stream()
              .filter(v -> name.equals(v.get("name")))
              .findFirst()
              .orElse(null);
      if (now == null) {
        if (!Boolean.FALSE.equals(old.get("served"))) {
          changes.add(
              new BreakingChange(
                  name, "", "the version is removed: its resources can no longer be read"));
        }
        continue;
      }
      if (!Boolean.FALSE.equals(old.get("served")) && Boolean.FALSE.equals(now.get("served"))) {
        changes.add(new BreakingChange(name, "", "the version is no longer served"));
      }
      if (UntypedMaps.get(old, "subresources", "status") != null
          && UntypedMaps.get(now, "subresources", "status") == null) {
        changes.add(
            new BreakingChange(
                name,
                "",
                "the status subresource is removed: the operator could no longer write status"));
      }
      compare(
          name,
          "",
          UntypedMaps.getMap(old, "schema", "openAPIV3Schema"),
          UntypedMaps.getMap(now, "schema", "openAPIV3Schema"),
          changes);
    }
    return changes;
  }

  private static void compare(
      String version,
      String path,
      Map<String, Object> old,
      Map<String, Object> now,
      List<BreakingChange> changes) {
    if (old == null || now == null) {
      if (old != null) {
        changes.add(new BreakingChange(version, path, "removed"));
      }
      return;
    }
    Object oldType = old.get("type");
    Object newType = now.get("type");
    if (oldType != null && !Objects.equals(oldType, newType)) {
      changes.add(
          new BreakingChange(version, path, "the type changes from " + oldType + " to " + newType));
      return;
    }
    Object oldPattern = old.get("pattern");
    Object newPattern = now.get("pattern");
    if (newPattern != null && !newPattern.equals(oldPattern)) {
      changes.add(
          new BreakingChange(
              version,
              path,
              oldPattern == null
                  ? "a pattern is added (" + newPattern + "): existing values may not match it"
                  : "the pattern changes from "
                      + oldPattern
                      + " to "
                      + newPattern
                      + ": existing values may not match it"));
    }
    bounds(version, path, old, now, changes);
    enumValues(version, path, old, now, changes);
    Map<String, Object> oldProperties = Schemas.properties(old);
    Map<String, Object> newProperties = Schemas.properties(now);
    Set<String> oldRequired = names(old.get("required"));
    Set<String> newRequired = names(now.get("required"));
    boolean open = Schemas.preservesUnknownFields(now);
    for (Map.Entry<String, Object> property : oldProperties.entrySet()) {
      String child = path + "." + property.getKey();
      Map<String, Object> newProperty = Schemas.map(newProperties.get(property.getKey()));
      if (newProperty == null) {
        if (!open) {
          changes.add(
              new BreakingChange(
                  version, child, "removed: stored resources lose it, clients that set it fail"));
        }
        continue;
      }
      Map<String, Object> oldProperty = Schemas.map(property.getValue());
      compare(version, child, oldProperty, newProperty, changes);
      boolean hadDefault = oldProperty != null && oldProperty.containsKey("default");
      if (newRequired.contains(property.getKey()) && !newProperty.containsKey("default")) {
        if (!oldRequired.contains(property.getKey())) {
          changes.add(
              new BreakingChange(
                  version, child, "becomes required: resources without it are refused"));
        } else if (hadDefault) {
          changes.add(
              new BreakingChange(
                  version,
                  child,
                  "loses its default while required: resources that leave it out are refused"));
        }
      }
    }
    for (Map.Entry<String, Object> property : newProperties.entrySet()) {
      Map<String, Object> added = Schemas.map(property.getValue());
      if (!oldProperties.containsKey(property.getKey())
          && newRequired.contains(property.getKey())
          && (added == null || !added.containsKey("default"))) {
        changes.add(
            new BreakingChange(
                version,
                path + "." + property.getKey(),
                "is new and required without a default: existing resources lack it"));
      }
    }
    Map<String, Object> oldItems = Schemas.items(old);
    if (oldItems != null) {
      compare(version, path + "[*]", oldItems, Schemas.items(now), changes);
    }
    Map<String, Object> oldValues = Schemas.additionalProperties(old);
    if (oldValues != null) {
      compare(version, path + ".*", oldValues, Schemas.additionalProperties(now), changes);
    }
  }

  private static void bounds(
      String version,
      String path,
      Map<String, Object> old,
      Map<String, Object> now,
      List<BreakingChange> changes) {
    for (String bound : LOWER_BOUNDS) {
      tightened(version, path, bound, old.get(bound), now.get(bound), 1, changes);
    }
    for (String bound : UPPER_BOUNDS) {
      tightened(version, path, bound, old.get(bound), now.get(bound), -1, changes);
    }
  }

  /** A bound added, or moved in {@code direction} (1: raised, -1: lowered), breaks. */
  private static void tightened(
      String version,
      String path,
      String bound,
      Object old,
      Object now,
      int direction,
      List<BreakingChange> changes) {
    if (!(now instanceof Number newValue)) {
      return;
    }
    if (!(old instanceof Number oldValue)) {
      changes.add(
          new BreakingChange(
              version, path, bound + " " + now + " is added: existing values may not meet it"));
      return;
    }
    int cmp = decimal(newValue).compareTo(decimal(oldValue));
    if (cmp * direction > 0) {
      changes.add(
          new BreakingChange(
              version,
              path,
              bound + " changes from " + old + " to " + now + ": existing values may not meet it"));
    }
  }

  private static void enumValues(
      String version,
      String path,
      Map<String, Object> old,
      Map<String, Object> now,
      List<BreakingChange> changes) {
    if (!(now.get("enum") instanceof List<?> newValues)) {
      return;
    }
    if (!(old.get("enum") instanceof List<?> oldValues)) {
      changes.add(
          new BreakingChange(
              version,
              path,
              "an enum " + newValues + " is added: existing values may not be among them"));
      return;
    }
    List<Object> dropped =
        oldValues.stream().filter(v -> !newValues.contains(v)).map(v -> (Object) v).toList();
    if (!dropped.isEmpty()) {
      changes.add(
          new BreakingChange(
              version,
              path,
              "the enum narrows: "
                  + dropped
                  + " no longer allowed, and stored values may hold them"));
    }
  }

  private static Set<String> names(Object list) {
    Set<String> names = new TreeSet<>();
    if (list instanceof List<?> items) {
      items.forEach(item -> names.add(String.valueOf(item)));
    }
    return names;
  }

  private static BigDecimal decimal(Number number) {
    return new BigDecimal(number.toString());
  }
}
