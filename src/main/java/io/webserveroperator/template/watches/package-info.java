/**
 * {@code watches.yaml}, read into values: a {@link
 * io.webserveroperator.template.watches.TemplatedKind} per kind with its readiness rules, ignored
 * differences and {@link io.webserveroperator.template.watches.RolloutPolicy}, and {@link
 * io.webserveroperator.template.watches.WatchesChange}, what an edit of the file changes, kind by
 * kind; Go-style durations ({@link io.webserveroperator.template.watches.GoDuration}) and YAML line
 * numbers ({@link io.webserveroperator.template.watches.YamlLines}) for messages that name the
 * line. Public: the controller, lint and the command line read these values; only {@code source} is
 * below.
 */
package io.webserveroperator.template.watches;
