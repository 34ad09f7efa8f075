package io.webserveroperator.kind;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A kind as a simple schema describes it, read and checked: everything its CRD is generated from.
 *
 * @param names its group, version, kind and resource names
 * @param description what the kind is, for {@code kubectl explain}; null for the default
 * @param spec the OpenAPI v3 schema of {@code spec}
 * @param status the OpenAPI v3 schema of the kind's own status fields, without the engine's
 * @param columns the columns the fields' {@code column} markers ask for, spec first
 * @param scale the scale subresource, when {@code scale} markers ask for one
 * @param examples valid values by spec field path ({@code backup.schedule}), from {@code example}
 *     markers, for the sample and the starter test
 */
public record KindSchema(
    KindNames names,
    String description,
    Map<String, Object> spec,
    Map<String, Object> status,
    List<PrinterColumn> columns,
    Optional<ScaleSubresource> scale,
    Map<String, Object> examples) {

  public KindSchema {
    spec = Collections.unmodifiableMap(new LinkedHashMap<>(spec));
    status = Collections.unmodifiableMap(new LinkedHashMap<>(status));
    columns = List.copyOf(columns);
    examples = Collections.unmodifiableMap(new LinkedHashMap<>(examples));
  }
}
