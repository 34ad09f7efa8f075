/**
 * Jinja2's syntax over jinjava's: the lexer that reads a template as Jinja2's does ({@link
 * io.webserveroperator.template.syntax.JinjaLexer}, public so that lint reads tags by the same
 * rules), Jinja2's whitespace control, {@code trim_blocks} and {@code lstrip_blocks} applied before
 * jinjava reads the source ({@link io.webserveroperator.template.syntax.TrimBlocks}), set per
 * template by Ansible's {@code #jinja2:} header ({@link
 * io.webserveroperator.template.syntax.OverrideHeader}), the splitter that finds top-level
 * operators in a tag's text ({@link io.webserveroperator.template.syntax.ExpressionSplitter}), and
 * the expression grammar with Python's literals, operators, slices, tuples and unpacking ({@link
 * io.webserveroperator.template.syntax.PythonSyntaxBuilder}, {@link
 * io.webserveroperator.template.syntax.PythonScanner}). Uses {@code python} for the values the
 * operators compute.
 */
package io.webserveroperator.template.syntax;
