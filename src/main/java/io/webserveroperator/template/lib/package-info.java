/**
 * Jinja2's library, as jinjava runs it: the filters, tests, globals and tags a template can name,
 * with Jinja2's signatures and the size limits each filter keeps to. Tags that print template text
 * ({@code macro}, {@code set} blocks, {@code call}, {@code include}) keep it as {@link
 * io.webserveroperator.template.lib.TemplateText}, so that values printed inside stay tokens. Uses
 * {@code syntax}, {@code output} and {@code python}.
 */
package io.webserveroperator.template.lib;
