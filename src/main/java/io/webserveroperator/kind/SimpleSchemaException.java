package io.webserveroperator.kind;

import io.webserveroperator.OperatorException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A simple schema that cannot become a CRD, with every problem found in it, each at its line:
 * {@code templates/postgres/schema.yaml:7: spec.version: unknown marker 'requird'; ...}.
 */
public final class SimpleSchemaException extends OperatorException {

  private final String file;
  private final transient List<SchemaProblem> problems;

  SimpleSchemaException(String file, List<SchemaProblem> problems) {
    super(
        problems.stream()
            .map(p -> file + (p.line() > 0 ? ":" + p.line() : "") + ": " + p.message())
            .collect(Collectors.joining("\n")));
    this.file = file;
    this.problems = List.copyOf(problems);
  }

  /** The schema file, as it was named. */
  public String file() {
    return file;
  }

  /** Every problem, in the order found. */
  public List<SchemaProblem> problems() {
    return problems;
  }
}
