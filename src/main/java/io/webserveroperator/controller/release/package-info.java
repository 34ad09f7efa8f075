/**
 * Carrying one reconcile's plan out in order, Helm's and Argo CD's way: {@link
 * io.webserveroperator.controller.release.Release} runs the hooks of the moment (pre-install or
 * pre-upgrade, recorded in the resource's {@code status.hooks}), then the plan, then the post hooks
 * once every object is ready. {@link io.webserveroperator.controller.release.PlanExecution} applies
 * the plan wave by wave (a wave starts once the lower ones are ready; {@code depends-on} waits for
 * named siblings, {@code replaces} for the replaced object to be gone), prunes in reverse waves,
 * and says what waits and why ({@code apply.Wait}); {@link
 * io.webserveroperator.controller.release.HookRunner} creates a hook's run under a name of its
 * content, watches it to success, failure or timeout, and deletes it as its delete policy says.
 *
 * <p>Nothing here reads the resource's queue or status writer: the controller hands in the plan and
 * the records, and writes what comes back.
 */
package io.webserveroperator.controller.release;
