package io.webserveroperator.diff;

import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Applies a kind's {@code ignoreDifferences} to one rendered object that exists already: what to
 * send instead of the rendered body, and which fields that leaves out of the comparison. Comparing
 * the body to send with the live object then costs no write for an ignored field, and sending it
 * never takes the field back. Pure.
 */
public final class IgnoredFields {

  private IgnoredFields() {}

  /**
   * What to send for a rendered object.
   *
   * @param body the body to apply: the rendered one with each ignored field removed (yielded) or
   *     set to its live value (ignored, held)
   * @param fields the ignored fields, for {@code diff}
   */
  public record Result(Map<String, Object> body, List<IgnoredField> fields) {}

  /**
   * @param live the live object; a new object (null) is created as rendered
   */
  public static Result apply(
      ObjectRef ref,
      Map<String, Object> rendered,
      Map<String, Object> live,
      List<IgnoreDifference> rules) {
    if (live == null || rules.stream().noneMatch(rule -> rule.matches(ref))) {
      return new Result(rendered, List.of());
    }
    Map<String, Object> body = UntypedMaps.deepCopyMap(rendered);
    List<IgnoredField> fields = new ArrayList<>();
    for (IgnoreDifference rule : rules) {
      if (!rule.matches(ref)) {
        continue;
      }
      for (JsonPointer pointer : rule.jsonPointers()) {
        Object liveValue = pointer.get(live).orElse(null);
        Object template = pointer.get(rendered).orElse(null);
        List<String> managers = rule.managedFieldsManagers();
        if (managers.isEmpty()) {
          if (liveValue != null) {
            pointer.set(body, UntypedMaps.deepCopy(liveValue));
            fields.add(
                new IgnoredField(pointer, IgnoredField.How.IGNORED, null, liveValue, template));
          }
          continue;
        }
        Optional<String> owner = ownerAmong(FieldOwners.of(live, pointer), managers);
        if (owner.isPresent()) {
          pointer.remove(body);
          fields.add(
              new IgnoredField(
                  pointer, IgnoredField.How.YIELDED, owner.get(), liveValue, template));
        } else if (template == null && liveValue != null) {
          pointer.set(body, UntypedMaps.deepCopy(liveValue));
          fields.add(
              new IgnoredField(
                  pointer, IgnoredField.How.HELD, String.join(" or ", managers), liveValue, null));
        }
      }
    }
    return new Result(body, List.copyOf(fields));
  }

  private static Optional<String> ownerAmong(Set<String> owners, List<String> managers) {
    return owners.stream().filter(managers::contains).findFirst();
  }
}
