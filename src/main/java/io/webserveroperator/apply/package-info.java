/**
 * The cluster edge that writes: server-side apply and prune, driven by a {@link
 * io.webserveroperator.diff.Plan}.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.apply.Applier} server-side-applies the object of a CREATE or
 *       UPDATE entry with the operator's field manager, forcing conflicts (or as a dry run).
 *   <li>{@link io.webserveroperator.apply.Pruner} deletes the object of a PRUNE entry, in the
 *       background, only when it is still there and carries the operator's managed-by label.
 *   <li>Both throw {@link io.webserveroperator.apply.ApplyException} with the API server's status
 *       code when it refuses; nothing is logged here. The controller records what was done as
 *       {@link io.webserveroperator.apply.Change} values.
 * </ol>
 */
package io.webserveroperator.apply;
