/**
 * The read-only preview behind the {@code diff} command: {@link
 * io.webserveroperator.preview.DryRunDiff} renders a resource, asks the API server for a
 * server-side dry-run apply of each object, and returns a {@link io.webserveroperator.diff.Plan} of
 * the live objects against what the server would store, writing nothing. It uses {@code apply}'s
 * {@link io.webserveroperator.apply.Applier} in dry-run mode, so a preview and a real apply send
 * the same request.
 */
package io.webserveroperator.preview;
