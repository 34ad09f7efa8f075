/**
 * What a template may not do, refused loudly at load or render: Java access through the EL ({@link
 * io.webserveroperator.template.sandbox.SandboxResolver}), jinjava's own filters, functions and
 * tags that Jinja2 lacks ({@link io.webserveroperator.template.sandbox.RefusedNames}, {@link
 * io.webserveroperator.template.sandbox.RefusedTag}), and syntax the engine would silently read
 * otherwise ({@link io.webserveroperator.template.sandbox.UnsupportedSyntax}). Uses {@code lib} and
 * {@code python}.
 */
package io.webserveroperator.template.sandbox;
