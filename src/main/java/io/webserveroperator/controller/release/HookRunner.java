package io.webserveroperator.controller.release;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.HookRun;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.status.HookRecords;
import io.webserveroperator.status.HookRecords.Phase;
import io.webserveroperator.template.ReadinessRules;
import io.webserveroperator.template.ReadinessVerdict;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the hooks of one moment (pre-upgrade, post-install, ...) of one resource, in wave order,
 * each as a run of its own ({@link HookRun}) that it records in the resource's status ({@link
 * HookRecords}): a rendering that has run is never run again, whatever restarts or cleans up in
 * between. A run is created, then judged by the readiness rules on each reconcile that its status
 * changes bring, until it is ready (succeeded), failed, or older than its {@code hook-timeout}
 * (failed). A failed run stops the moment; a later change of the resource or of its templates tries
 * it again. Delete policies as Helm's: the previous run goes when a new one starts ({@code
 * before-hook-creation}, the default), a run goes once it succeeded or failed when its policy says
 * so.
 *
 * <p>Stateless apart from its collaborators: thread-safe when they are.
 */
public final class HookRunner {

  private final ChangeSetExecutor executor;
  private final ObjectWriter writer;
  private final ReadCache childCache;
  private final KubernetesSerialization serialization;
  private final Clock clock;

  public HookRunner(
      ChangeSetExecutor executor,
      ObjectWriter writer,
      ReadCache childCache,
      KubernetesSerialization serialization,
      Clock clock) {
    this.executor = executor;
    this.writer = writer;
    this.childCache = childCache;
    this.serialization = serialization;
    this.clock = clock;
  }

  /** How the hooks of a moment stand after a look at them. */
  public enum State {
    /** Every hook of the moment has run. */
    DONE,
    /** A hook runs; the moment goes on when its status changes. */
    WAITING,
    /** A hook failed or timed out. */
    FAILED
  }

  /**
   * What a look at the hooks of a moment did.
   *
   * @param message what waits for what, or why a hook failed; empty when done
   * @param deadline while a hook runs, when its timeout ends: to look again then, since no watch
   *     event tells of a timeout
   */
  public record Outcome(
      State state,
      HookRecords records,
      List<Change> changes,
      String message,
      Optional<Instant> deadline) {

    Outcome(State state, HookRecords records, List<Change> changes, String message) {
      this(state, records, changes, message, Optional.empty());
    }
  }

  /**
   * The resource a moment's hooks run for.
   *
   * @param owner the resource
   * @param generation its generation, recorded with a failure
   * @param revision the template revision rendered, recorded with a failure
   * @param rules the readiness rules that judge a run
   */
  public record For(Owner owner, long generation, String revision, ReadinessRules rules) {}

  /**
   * Looks at the hooks of {@code moment} among {@code hooks}, in wave order, and does the next
   * step: create a run, record a result, or nothing while one runs.
   */
  public Outcome run(
      Ordering.Hook moment, List<RenderedObject> hooks, HookRecords records, For resource) {
    List<Change> changes = new ArrayList<>();
    List<RenderedObject> ofMoment =
        hooks.stream()
            .filter(hook -> Ordering.of(hook.body()).hooks().contains(moment))
            .sorted(Comparator.comparingInt(hook -> Ordering.of(hook.body()).wave()))
            .toList();
    for (RenderedObject hook : ofMoment) {
      Ordering ordering = Ordering.of(hook.body());
      HookRun run = HookRun.of(hook);
      String kind = run.ref().kind();
      Optional<HookRecords.Run> last = records.last(run.hook(), kind);
      boolean thisRendering = last.isPresent() && last.get().name().equals(run.ref().name());
      if (records.done(moment, run.hook(), run.ref())) {
        continue;
      }
      if (thisRendering
          && last.get().phase() == Phase.Failed
          && last.get().generation() == resource.generation()
          && last.get().revision().equals(resource.revision())) {
        return new Outcome(State.FAILED, records, changes, last.get().message());
      }
      Optional<GenericKubernetesResource> live = childCache.get(run.ref());
      if (thisRendering && last.get().phase() == Phase.Failed) {
        // The resource or its templates changed since it failed: the same rendering again.
        live.ifPresent(object -> delete(run.ref(), changes));
        HookRecords.Run again = last.get().in(Phase.Running, "", 0, "");
        return waiting(records.with(again), changes, moment, run, "is run again", ordering);
      }
      if (live.isEmpty()) {
        if (last.isPresent()
            && !thisRendering
            && last.get().phase() != Phase.Skipped
            && ordering.deletePolicies().contains(Ordering.DeletePolicy.BEFORE_HOOK_CREATION)) {
          delete(runRef(last.get(), run), changes);
        }
        create(run, resource.owner(), changes);
        HookRecords.Run started = record(run, moment, Phase.Running, "");
        return waiting(records.with(started), changes, moment, run, "has started", ordering);
      }
      Map<String, Object> object = ResourceMaps.of(serialization, live.get());
      ReadinessVerdict verdict = resource.rules().judge(object);
      HookRecords.Run current =
          last.filter(r -> r.name().equals(run.ref().name()))
              .orElse(record(run, moment, Phase.Running, ""));
      if (verdict.isReady()) {
        records = records.with(current.in(Phase.Succeeded, "", 0, ""));
        if (ordering.deletePolicies().contains(Ordering.DeletePolicy.HOOK_SUCCEEDED)) {
          delete(run.ref(), changes);
        }
        continue;
      }
      Optional<String> failure =
          verdict.state() == ReadinessVerdict.State.FAILED
              ? Optional.of(verdict.message())
              : timedOut(live.get(), ordering.hookTimeout());
      if (failure.isPresent()) {
        String message = moment.text() + " hook " + run.ref() + " failed: " + failure.get();
        if (ordering.deletePolicies().contains(Ordering.DeletePolicy.HOOK_FAILED)) {
          delete(run.ref(), changes);
        }
        return new Outcome(
            State.FAILED,
            records.with(
                current.in(Phase.Failed, message, resource.generation(), resource.revision())),
            changes,
            message);
      }
      return new Outcome(
          State.WAITING,
          records.with(current),
          changes,
          moment.text()
              + " hook "
              + run.ref()
              + " runs ("
              + verdict.message()
              + "); what comes after it waits",
          deadline(live.get(), ordering.hookTimeout()));
    }
    return new Outcome(State.DONE, records, changes, "");
  }

  /**
   * These records with the upgrade hooks' renderings at the end of an install as their baseline
   * ({@link Phase#Skipped}): an upgrade is a change, so they run when their rendering changes and
   * not at the first reconcile after the install. A hook that also ran as an install hook keeps
   * that run's record.
   */
  public static HookRecords baseline(List<RenderedObject> hooks, HookRecords records) {
    for (RenderedObject hook : hooks) {
      Optional<Ordering.Hook> upgrade =
          Ordering.of(hook.body()).hooks().stream()
              .filter(
                  moment ->
                      moment == Ordering.Hook.PRE_UPGRADE || moment == Ordering.Hook.POST_UPGRADE)
              .findFirst();
      HookRun run = HookRun.of(hook);
      if (upgrade.isEmpty() || records.done(upgrade.get(), run.hook(), run.ref())) {
        continue;
      }
      records = records.with(record(run, upgrade.get(), Phase.Skipped, HookRecords.BASELINE));
    }
    return records;
  }

  /** A record of the run at {@code moment}, with no failure's generation or revision. */
  private static HookRecords.Run record(
      HookRun run, Ordering.Hook moment, Phase phase, String message) {
    return new HookRecords.Run(
        run.ref().name(),
        run.hook(),
        run.ref().apiVersion(),
        run.ref().kind(),
        moment.text(),
        phase,
        message,
        0,
        "");
  }

  private Outcome waiting(
      HookRecords records,
      List<Change> changes,
      Ordering.Hook moment,
      HookRun run,
      String what,
      Ordering ordering) {
    return new Outcome(
        State.WAITING,
        records,
        changes,
        moment.text() + " hook " + run.ref() + " " + what + "; what comes after it waits",
        Optional.of(clock.instant().plus(ordering.hookTimeout())));
  }

  /** Why a run that is not ready yet has failed: it is older than its timeout. */
  private Optional<String> timedOut(GenericKubernetesResource live, Duration timeout) {
    return deadline(live, timeout)
        .filter(clock.instant()::isAfter)
        .map(
            deadline ->
                "not ready within its hook-timeout of "
                    + timeout.toString().substring(2).toLowerCase(java.util.Locale.ROOT));
  }

  /** When a run's timeout ends: its creation plus the timeout. */
  private static Optional<Instant> deadline(GenericKubernetesResource live, Duration timeout) {
    String created = live.getMetadata().getCreationTimestamp();
    return created == null ? Optional.empty() : Optional.of(Instant.parse(created).plus(timeout));
  }

  private void create(HookRun run, Owner owner, List<Change> changes) {
    PlanEntry entry =
        new PlanEntry(
            run.ref(),
            Action.CREATE,
            run.object().body(),
            null,
            Patch.EMPTY,
            run.object().template(),
            null);
    ChangeSetExecutor.Applied applied = executor.apply(List.of(entry), owner, false);
    if (applied.refusal() != null) {
      throw applied.refusal();
    }
    changes.addAll(applied.changes());
  }

  private void delete(ObjectRef ref, List<Change> changes) {
    if (writer.delete(ref)) {
      changes.add(new Change(ref, Action.PRUNE, false));
    }
  }

  /** The run object a record names, of the same kind and namespace as {@code now}. */
  private static ObjectRef runRef(HookRecords.Run record, HookRun now) {
    return new ObjectRef(
        record.apiVersion() == null ? now.ref().apiVersion() : record.apiVersion(),
        now.ref().kind(),
        now.ref().namespace(),
        record.name());
  }
}
