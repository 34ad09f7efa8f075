package io.webserveroperator.cli.options;

import io.webserveroperator.manifest.OperatorName;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --name}: the operator's name ({@link OperatorName}), for {@code run} and for the commands
 * that find what it stores or print what it needs.
 */
public final class OperatorNameOption {

  @Option(
      names = "--name",
      paramLabel = "NAME",
      defaultValue = "${env:WSO_NAME:-" + OperatorName.DEFAULT + "}",
      converter = Converter.class,
      description =
          "The operator's name: of its Lease, its template revisions and its RBAC objects, and"
              + " the 'operator' label of its metrics; give each operator in a namespace its own"
              + " (env WSO_NAME; default: ${DEFAULT-VALUE}).")
  OperatorName name;

  /** The name given, or the default. */
  public OperatorName name() {
    return name;
  }

  /** Reads a name, refusing one that cannot name objects. */
  public static final class Converter implements ITypeConverter<OperatorName> {
    @Override
    public OperatorName convert(String value) {
      try {
        return new OperatorName(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
