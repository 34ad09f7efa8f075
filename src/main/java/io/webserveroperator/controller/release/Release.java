package io.webserveroperator.controller.release;

import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.Wait;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.status.HookRecords;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One change of a resource carried out with its hooks, as Helm runs a release: the {@code pre-*}
 * hooks of the moment (install on a resource's first reconciles, upgrade on every later one) must
 * complete before anything else is applied; then the plan, wave by wave ({@link PlanExecution});
 * then, once every object is applied and ready, the {@code post-*} hooks. An install is done when
 * its post-install hooks have run. A resource whose templates render no hook writes no hook record
 * and costs nothing more than before.
 *
 * <p>Stateless apart from its collaborators: thread-safe when they are.
 */
public final class Release {

  private final PlanExecution execution;
  private final HookRunner runner;

  public Release(PlanExecution execution, HookRunner runner) {
    this.execution = execution;
    this.runner = runner;
  }

  /**
   * What carrying out one change did.
   *
   * @param changeSet the writes and what waits, the hooks' runs among them
   * @param planSent whether every rendered object was sent, none held back by a pre hook or a lower
   *     wave: only then is this rendering the one applied, so that rendering it again and finding a
   *     difference means someone else changed the object
   * @param hooks the hook records to write to the status; null when the templates render no hook
   *     and the status holds none
   * @param hookFailure why a hook failed, when one did: nothing after it was applied
   * @param lookAgainAt while a hook runs, when its timeout ends
   */
  public record Result(
      ChangeSet changeSet,
      boolean planSent,
      HookRecords hooks,
      Optional<String> hookFailure,
      Optional<Instant> lookAgainAt) {

    Result(ChangeSet changeSet, HookRecords hooks, Optional<String> hookFailure) {
      this(changeSet, sentWhole(changeSet), hooks, hookFailure, Optional.empty());
    }

    private static boolean sentWhole(ChangeSet changeSet) {
      return changeSet.waits().isEmpty();
    }
  }

  /**
   * Carries out the plan with the hooks of its moment.
   *
   * @param hooks the rendered hook objects, every moment's
   * @param recorded what the status says of the hooks so far
   * @param nothingApplied whether the resource owns nothing yet: with no record, an install
   */
  public Result carryOut(
      Plan plan,
      PlanExecution.Request request,
      List<RenderedObject> hooks,
      HookRecords recorded,
      boolean nothingApplied,
      HookRunner.For resource) {
    if (hooks.isEmpty() && recorded.installed() == null && recorded.runs().isEmpty()) {
      return new Result(execution.run(plan, request), null, Optional.empty());
    }
    boolean installing = recorded.installing(nothingApplied);
    HookRecords records = installing ? recorded.installed(false) : recorded;
    HookRunner.Outcome pre =
        runner.run(
            installing ? Ordering.Hook.PRE_INSTALL : Ordering.Hook.PRE_UPGRADE,
            hooks,
            records,
            resource);
    records = pre.records();
    if (pre.state() != HookRunner.State.DONE) {
      ChangeSet held =
          execution.hold(plan, request, new Wait(request.owner().ref(), 0, pre.message()));
      return new Result(
          held.after(pre.changes()),
          false,
          records,
          pre.state() == HookRunner.State.FAILED ? Optional.of(pre.message()) : Optional.empty(),
          pre.deadline());
    }
    ChangeSet changeSet = execution.run(plan, request).after(pre.changes());
    if (!changeSet.settled()) {
      return new Result(changeSet, records, Optional.empty());
    }
    HookRunner.Outcome post =
        runner.run(
            installing ? Ordering.Hook.POST_INSTALL : Ordering.Hook.POST_UPGRADE,
            hooks,
            records,
            resource);
    records = post.records();
    if (post.state() == HookRunner.State.DONE && installing) {
      records = HookRunner.baseline(hooks, records.installed(true));
    }
    Optional<Wait> wait =
        post.state() == HookRunner.State.WAITING
            ? Optional.of(new Wait(request.owner().ref(), 0, post.message()))
            : Optional.empty();
    return new Result(
        changeSet.then(post.changes(), wait),
        Result.sentWhole(changeSet),
        records,
        post.state() == HookRunner.State.FAILED ? Optional.of(post.message()) : Optional.empty(),
        post.deadline());
  }
}
