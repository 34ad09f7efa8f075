/**
 * The cluster edge that writes: carries out a {@link io.webserveroperator.diff.Plan} and returns
 * what it did as data.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.apply.ChangeSetExecutor} goes through the plan: CREATE and
 *       UPDATE entries are applied at once (server-side apply needs no order among them), UNCHANGED
 *       ones cost no request, and PRUNE entries are deleted only once every apply has succeeded and
 *       every rendered child is ready (prune last). It returns a {@link
 *       io.webserveroperator.apply.ChangeSet}: the {@link io.webserveroperator.apply.Change} values
 *       written, what the resource owns now, its children as they are now, the prunes that wait for
 *       readiness, and the refusal that stopped it, if one did.
 *   <li>The writes go through an {@link io.webserveroperator.apply.ObjectWriter}: {@link
 *       io.webserveroperator.apply.Applier} server-side-applies with the operator's field manager,
 *       forcing conflicts (or as a dry run, for the preview); {@link
 *       io.webserveroperator.apply.Pruner} deletes in the background, and only an object that is
 *       still there and carries the operator's managed-by label.
 *   <li>A refusal is an {@link io.webserveroperator.apply.ApplyException} with the API server's
 *       answer as data (code, reason, causes; 422 or 400: the object is invalid). An update refused
 *       for fields' values is planned again by the Planner once a dry-run create says whether the
 *       object would be accepted as new: recreated (a StatefulSet orphaning its pods and claims,
 *       its claims grown first), or a refusal told in one sentence that waits for a change. Nothing
 *       is logged here.
 * </ol>
 */
package io.webserveroperator.apply;
