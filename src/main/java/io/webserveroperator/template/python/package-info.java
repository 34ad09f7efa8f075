/**
 * Python's value semantics, as Jinja2 inherits them: truth, {@code str} and {@code repr}, operators
 * and comparisons, {@code %} and {@code format}, slices, str/list/dict methods, iteration and
 * unpacking, ranges and tuples, and {@link io.webserveroperator.template.python.Undefined}. Also
 * the {@link io.webserveroperator.template.python.Limits} every value enforces as it grows ({@link
 * io.webserveroperator.template.python.OutputBudget}) and the {@link
 * io.webserveroperator.template.python.TemplateFailure} a render fails with (Python's TypeError and
 * friends). The bottom of the engine: it knows no jinjava tag, filter or YAML; text the engine made
 * reaches it only as a {@link io.webserveroperator.template.python.PythonStr}.
 */
package io.webserveroperator.template.python;
