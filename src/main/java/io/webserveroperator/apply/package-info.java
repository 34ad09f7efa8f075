/**
 * The cluster edge that writes: server-side apply and prune, driven by a {@link
 * io.webserveroperator.diff.Plan}.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.apply.Applier} server-side-applies every CREATE and UPDATE
 *       entry with the operator's field manager, forcing conflicts, and stops at the first failure.
 *   <li>{@link io.webserveroperator.apply.Pruner} deletes the PRUNE entries, only after every apply
 *       succeeded, and only objects that carry the operator's labels and owner.
 *   <li>Both report what they did as {@link io.webserveroperator.apply.Change} values; nothing is
 *       logged here.
 * </ol>
 *
 * <p>{@link io.webserveroperator.apply.DryRunDiff} is the read-only sibling for the {@code diff}
 * command: it renders, asks the API server for a server-side dry-run apply of each object, and
 * returns a {@link io.webserveroperator.diff.Plan} of the live objects against what the server
 * would store, writing nothing.
 */
package io.webserveroperator.apply;
