package io.webserveroperator.lint;

import io.webserveroperator.crd.CrdFolder;
import io.webserveroperator.crd.StatusSchemaCheck;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplatesInvalidException;
import io.webserveroperator.template.UnknownRevisionException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the operator checks when it starts, against the CRDs of {@code crds/}: whether each watched
 * kind's CRD can hold the status it writes ({@link StatusSchemaCheck}: the status subresource, the
 * engine's fields, the fields the kind's status template renders). An error at the line of the
 * version, since the operator would not reconcile that kind.
 */
final class CrdStatusCheck {

  private CrdStatusCheck() {}

  static List<Finding> check(
      TemplatedKind watch, TemplateRegistry registry, CrdFolder folder, CrdSchemas schemas) {
    Optional<CrdFolder.Crd> crd = folder.find(watch.group(), watch.kind());
    Optional<CrdSchemas.SpecSchema> version =
        schemas.find(watch.group(), watch.version(), watch.kind());
    if (crd.isEmpty() || version.isEmpty()) {
      return List.of(); // said by the spec path check
    }
    String pointer = version.get().pointer();
    int line =
        version.get().lines().line(pointer.substring(0, pointer.indexOf("/schema/")) + "/name");
    return StatusSchemaCheck.check(crd.get().body(), watch.version(), statusFields(watch, registry))
        .map(
            problem ->
                List.of(
                    Finding.error(
                        crd.get().file().toString(),
                        line,
                        problem.describe() + "; the operator would reconcile no " + watch.kind())))
        .orElse(List.of());
  }

  private static Set<String> statusFields(TemplatedKind watch, TemplateRegistry registry) {
    try {
      return registry.resolve(watch, Optional.empty(), watch.kind()).statusFields();
    } catch (TemplatesInvalidException | UnknownRevisionException e) {
      return Set.of(); // said by the watches check
    }
  }
}
