/**
 * The template engine: custom resources in, desired objects out, from Jinja templates. This package
 * is the pipeline outside code uses; the engine's parts are its sub-packages, each depending only
 * on those below it (checked by {@code ArchitectureTest}):
 *
 * <pre>
 * template           the pipeline: TemplateRegistry, TemplateSet, Renderer, ReadinessRules, errors
 *  ├ engine          jinjava put together (EngineFactory), load-time checks, error sentences
 *  ├ sandbox         what a template may not do, refused loudly
 *  ├ lib             Jinja2's filters, tests, globals and tags
 *  ├ syntax          Jinja2's lexing and expression grammar over jinjava's
 *  ├ output          where a rendered string becomes a YAML value (printed values, YAML typing)
 *  └ python          Python's value semantics, limits, TemplateFailure
 * watches            watches.yaml as values (TemplatedKind, RolloutPolicy, ...), public
 *  └ source          where templates are read from disk, and watched; public
 * </pre>
 *
 * <ol>
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#load} reads {@code watches.yaml} (a
 *       {@link io.webserveroperator.template.watches.TemplatedKind} per kind) and parses each
 *       watch's folder once into a {@link io.webserveroperator.template.TemplateSet}. Each kind
 *       loads on its own: one that does not fails only its own renders.
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#render} renders each {@code
 *       *.yaml.j2} file in name order ({@link io.webserveroperator.template.Renderer}); the text
 *       becomes objects in {@code output}, which are then checked ({@code manifest.ObjectPolicy})
 *       and stamped ({@code manifest.Ownership}). What a template reads of the cluster, {@code
 *       children} and {@code lookup}, comes from the render's {@link
 *       io.webserveroperator.template.ClusterReads} (the operator's caches, the API server for
 *       {@code diff}, {@link io.webserveroperator.template.GivenObjects} offline), limited to what
 *       watches.yaml declares; the render reports the values of the Secrets it read ({@link
 *       io.webserveroperator.template.Rendered}, {@link
 *       io.webserveroperator.template.SecretValues}) and the fields of {@code generated_secret}.
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#readiness} gives the kind's readiness
 *       rules, parsed with its templates and evaluated in the same sandbox over a live child
 *       ({@link io.webserveroperator.template.ReadinessRules}).
 *   <li>{@link io.webserveroperator.template.TemplateRegistry#watchForChanges} re-parses a folder
 *       when it changes and keeps the last good set when the new one is broken; each set loaded is
 *       a {@link io.webserveroperator.template.TemplateRevision}. It reads watches.yaml again too:
 *       an edit that parses, whose new kinds load and that its listener admits takes effect as one
 *       {@link io.webserveroperator.template.watches.WatchesChange}; any other keeps the last good
 *       watches.yaml.
 *   <li>{@link io.webserveroperator.template.StatusTemplateFields} reads the fields a status
 *       template renders from its text, for the check of a kind's CRD.
 * </ol>
 *
 * <p>The authoring rules are in {@code docs/templates.md}.
 */
package io.webserveroperator.template;
