package io.webserveroperator.status;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a resource's status says of its hooks ({@code status.hooks}): whether it is installed, and
 * the last run of each hook, so that a restarted operator, or a Job removed by {@code
 * ttlSecondsAfterFinished}, never runs one rendering twice. Immutable; read back leniently, since
 * anyone may edit a status.
 *
 * @param installed whether the install is done (its post-install hooks ran): later reconciles are
 *     upgrades; null when the status says nothing, as for a resource older than hooks
 * @param runs the last run of each hook, by the hook's rendered name and kind
 */
public record HookRecords(Boolean installed, List<Run> runs) {

  /** The status field. */
  public static final String FIELD = "hooks";

  /** A run's phase as written. */
  public enum Phase {
    Running,
    Succeeded,
    Failed,
    /**
     * Never run: the upgrade hook's rendering when the install was done, its baseline. An upgrade
     * hook runs when its rendering changes, so a reconcile after the install runs nothing.
     */
    Skipped
  }

  /** What a baseline record says. */
  public static final String BASELINE =
      "rendered so at the install; runs when its rendering changes";

  /**
   * One run of one hook.
   *
   * @param name the run object's name: the hook's name and a hash of its rendering
   * @param hook the hook's name as rendered, which every run of it shares
   * @param apiVersion the run object's API version
   * @param kind its kind
   * @param moment when it ran ({@code pre-upgrade})
   * @param phase how it went
   * @param message why it failed; empty otherwise
   * @param generation the resource's generation when it failed, so that a change of the resource
   *     tries again; 0 otherwise
   * @param revision the template revision when it failed, so that an edit tries again; empty
   *     otherwise
   */
  public record Run(
      String name,
      String hook,
      String apiVersion,
      String kind,
      String moment,
      Phase phase,
      String message,
      long generation,
      String revision) {

    public Run {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(hook, "hook");
      Objects.requireNonNull(phase, "phase");
      message = message == null ? "" : message;
      revision = revision == null ? "" : revision;
    }

    /** This run, now in {@code phase}. */
    public Run in(Phase now, String why, long atGeneration, String atRevision) {
      return new Run(name, hook, apiVersion, kind, moment, now, why, atGeneration, atRevision);
    }
  }

  public HookRecords {
    runs = List.copyOf(runs);
  }

  /** Nothing recorded. */
  public static HookRecords none() {
    return new HookRecords(null, List.of());
  }

  /** The records a status holds; {@link #none()} when it holds none. */
  public static HookRecords fromStatus(Map<String, Object> status) {
    Map<String, Object> hooks = UntypedMaps.getMap(status, FIELD);
    if (hooks == null) {
      return none();
    }
    List<Run> runs = new ArrayList<>();
    for (Map<String, Object> run : UntypedMaps.getMaps(hooks, "runs")) {
      read(run).ifPresent(runs::add);
    }
    return new HookRecords(
        hooks.get("installed") instanceof Boolean installed ? installed : null, runs);
  }

  /**
   * Whether a reconcile is an install: the status says so, or says nothing and nothing has been
   * applied yet (a resource older than hooks, with an inventory, is installed).
   */
  public boolean installing(boolean nothingApplied) {
    return installed == null ? nothingApplied : !installed;
  }

  /** The last run of the hook rendered as {@code hook}, of that kind. */
  public Optional<Run> last(String hook, String kind) {
    return runs.stream()
        .filter(run -> run.hook().equals(hook) && Objects.equals(run.kind(), kind))
        .findFirst();
  }

  /**
   * Whether the run named {@code run} of the hook rendered as {@code hook} needs no run at {@code
   * moment}: that rendering succeeded or is the install's baseline, or it is an install hook that
   * succeeded at its moment, since a change while the install is not done yet is no new install.
   */
  public boolean done(Ordering.Hook moment, String hook, ObjectRef run) {
    Optional<Run> last = last(hook, run.kind());
    if (last.isEmpty()) {
      return false;
    }
    boolean thisRendering = last.get().name().equals(run.name());
    return switch (last.get().phase()) {
      case Succeeded -> thisRendering || onceOnly(moment, last.get());
      case Skipped -> thisRendering;
      case Running, Failed -> false;
    };
  }

  private static boolean onceOnly(Ordering.Hook moment, Run last) {
    return (moment == Ordering.Hook.PRE_INSTALL || moment == Ordering.Hook.POST_INSTALL)
        && moment.text().equals(last.moment());
  }

  /** These records with {@code run} as the last run of its hook. */
  public HookRecords with(Run run) {
    List<Run> changed = new ArrayList<>();
    changed.add(run);
    runs.stream()
        .filter(r -> !(r.hook().equals(run.hook()) && Objects.equals(r.kind(), run.kind())))
        .forEach(changed::add);
    changed.sort(java.util.Comparator.comparing(Run::hook).thenComparing(Run::kind));
    return new HookRecords(installed, changed);
  }

  /** These records, the install done or not. */
  public HookRecords installed(boolean done) {
    return new HookRecords(done, runs);
  }

  /** As written to the status. */
  public Map<String, Object> toStatus() {
    Map<String, Object> hooks = new LinkedHashMap<>();
    if (installed != null) {
      hooks.put("installed", installed);
    }
    List<Map<String, Object>> written = new ArrayList<>();
    for (Run run : runs) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", run.name());
      entry.put("hook", run.hook());
      entry.put("apiVersion", run.apiVersion());
      entry.put("kind", run.kind());
      entry.put("moment", run.moment());
      entry.put("phase", run.phase().name());
      if (!run.message().isEmpty()) {
        entry.put("message", run.message());
      }
      if (run.phase() == Phase.Failed) {
        entry.put("generation", run.generation());
        entry.put("revision", run.revision());
      }
      written.add(entry);
    }
    hooks.put("runs", written);
    return hooks;
  }

  private static Optional<Run> read(Map<String, Object> run) {
    try {
      Phase phase = Phase.valueOf(String.valueOf(run.get("phase")));
      return Optional.of(
          new Run(
              String.valueOf(run.get("name")),
              String.valueOf(run.get("hook")),
              String.valueOf(run.get("apiVersion")),
              String.valueOf(run.get("kind")),
              String.valueOf(run.get("moment")),
              phase,
              run.get("message") instanceof String message ? message : "",
              run.get("generation") instanceof Number number ? number.longValue() : 0,
              run.get("revision") instanceof String revision ? revision : ""));
    } catch (IllegalArgumentException malformed) {
      // Edited by hand: a run not read is run again, as a new rendering would be.
      return Optional.empty();
    }
  }
}
