/**
 * Jinja2's library, as jinjava runs it: the tests, globals and tags a template can name, and in
 * {@code lib.filter} the filters, each with Jinja2's signature and the size limit it keeps to. Tags
 * that print template text ({@code macro}, {@code set} blocks, {@code call}, {@code include}) keep
 * it as {@link io.webserveroperator.template.lib.TemplateFragment}, so that values printed inside
 * stay tokens. The globals that read the cluster, {@code lookup} and {@code generated_secret}, are
 * {@link io.webserveroperator.template.lib.ClusterFunctions}. Uses {@code syntax}, {@code output}
 * and {@code python}.
 */
package io.webserveroperator.template.lib;
