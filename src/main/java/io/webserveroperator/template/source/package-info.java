/**
 * Where templates are read from disk: a kind's folder as a {@link
 * io.webserveroperator.template.source.TemplateTree} (plain folders, ConfigMap volume mounts and
 * git-sync checkouts alike), {@link io.webserveroperator.template.source.TemplateWatcher} to hear
 * of edits and of swapped links, and the {@link
 * io.webserveroperator.template.source.TemplateLoadException} a kind fails with when its files
 * cannot be loaded, naming the file and line ({@link
 * io.webserveroperator.template.source.TemplateException}). Depends on nothing else of the engine.
 */
package io.webserveroperator.template.source;
