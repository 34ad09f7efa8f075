package io.webserveroperator.crd;

import io.webserveroperator.OperatorException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A custom resource that the API server would refuse by its CRD's schema, so no template may see
 * it: {@code Postgres default/db would be refused by the API server
 * (crds/db.example.com_postgres.yaml): spec.version: Required value}.
 */
public final class AdmissionException extends OperatorException {

  private final transient List<FieldError> errors;

  AdmissionException(String resource, String crdFile, List<FieldError> errors) {
    super(
        resource
            + " would be refused by the API server ("
            + crdFile
            + "): "
            + errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
    this.errors = List.copyOf(errors);
  }

  /** Every reason, in the order the fields were checked. */
  public List<FieldError> errors() {
    return errors;
  }
}
