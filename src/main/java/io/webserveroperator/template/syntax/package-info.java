/**
 * Jinja2's syntax over jinjava's: {@code trim_blocks} as Jinja2 lexes it ({@link
 * io.webserveroperator.template.syntax.TrimBlocks}), the scanner that finds top-level operators in
 * a tag's text ({@link io.webserveroperator.template.syntax.TopLevel}), and the expression grammar
 * with Python's operators, slices, tuples and unpacking ({@link
 * io.webserveroperator.template.syntax.PythonSyntaxBuilder}, {@link
 * io.webserveroperator.template.syntax.PythonScanner}). Uses {@code python} for the values the
 * operators compute.
 */
package io.webserveroperator.template.syntax;
