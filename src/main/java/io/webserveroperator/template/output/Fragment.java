package io.webserveroperator.template.output;

import io.webserveroperator.template.python.PythonStr;

/**
 * Text that a template may splice into its output as YAML structure, as opposed to a value, which
 * always lands as one scalar. Made only by the engine (macro output, {@code to_yaml}, {@code
 * to_json} and their indented forms), never from data.
 */
public interface Fragment extends PythonStr {

  /** The text to splice, with every string value inside it replaced by a slot token. */
  String emit(PrintedValues slots);
}
