/**
 * Jinja2's syntax over jinjava's: {@code trim_blocks} and {@code lstrip_blocks} as Jinja2 lexes
 * them ({@link io.webserveroperator.template.syntax.TrimBlocks}), set per template by Ansible's
 * {@code #jinja2:} header ({@link io.webserveroperator.template.syntax.OverrideHeader}), the
 * scanner that finds top-level operators in a tag's text ({@link
 * io.webserveroperator.template.syntax.TopLevel}), and the expression grammar with Python's
 * operators, slices, tuples and unpacking ({@link
 * io.webserveroperator.template.syntax.PythonSyntaxBuilder}, {@link
 * io.webserveroperator.template.syntax.PythonScanner}). Uses {@code python} for the values the
 * operators compute.
 */
package io.webserveroperator.template.syntax;
