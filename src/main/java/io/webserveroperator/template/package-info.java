/**
 * The template engine: custom resources in, desired objects out, from Jinja templates.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#load} reads {@code watches.yaml} (a
 *       {@link io.webserveroperator.template.Watch} per kind, with its {@link
 *       io.webserveroperator.template.RolloutPolicy}, if any) and parses each watch's folder once
 *       into a template set (jinjava, sandboxed and strict, with Jinja2's lexing ({@code
 *       TrimBlocks}), expressions ({@code PythonSyntaxBuilder}), tags, filters, tests and Python
 *       semantics). Each kind loads on its own: one that does not fails only its own renders.
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#render} renders each {@code
 *       *.yaml.j2} file in name order. Every string printed by {@code {{ }}} is written as a token,
 *       never as YAML text, so values cannot change structure ({@code Slots}).
 *   <li>The text is parsed as YAML ({@code OutputParser}; multi-line values inside block scalars by
 *       lines, {@code BlockScalars}), the tokens are replaced by their values, and each object is
 *       checked ({@code manifest.ObjectPolicy}) and stamped ({@code manifest.Ownership}). A YAML
 *       error renders the file again with source-line marks ({@code SourceLines}) to name the
 *       template line.
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#readiness} gives the kind's readiness
 *       rules ({@code readiness} in {@code watches.yaml}), parsed with its templates and evaluated
 *       in the same sandbox over a live child ({@link
 *       io.webserveroperator.template.ReadinessRules}).
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#watchForChanges} re-parses a folder
 *       when it changes and keeps the last good set when the new one is broken; a kind that has
 *       never loaded takes the new set, or the new error.
 * </ol>
 *
 * <p>The authoring rules are in {@code docs/templates.md}.
 */
package io.webserveroperator.template;
