package io.webserveroperator.rollout;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Reason;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.TemplatedKind;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The template revisions of every kind and the rollouts between them: which revision each resource
 * renders from ({@link #choose}), and, on the replica that leads, storing each new revision and
 * moving the kind's resources to it in the steps of its rollout policy.
 *
 * <p>The leader looks at each kind once a {@link #TICK}: a kind whose templates changed gets a new
 * revision (stored before any resource renders it), and a rollout in progress moves on when its
 * resources' statuses say so ({@link RolloutPlanner}), with the state written to the stored
 * revision only when it changed. Reading statuses costs no request: they come from the kind's
 * cache.
 *
 * <p>Kinds come and go with watches.yaml ({@link #register}, {@link #unregister}); a kind is known
 * by its {@link TemplatedKind#identity}, and its rollout follows the policy of its current entry.
 */
public final class Rollouts implements RevisionChooser, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Rollouts.class);

  /** The annotation that pins a resource to a revision, by hash or number. */
  public static final String PIN_ANNOTATION = Lifecycle.PREFIX + "template-revision";

  /** The status field naming the revision a resource's children were last applied from. */
  public static final String STATUS_FIELD = "templateRevision";

  /** How often the leader looks at every kind's rollout. */
  static final Duration TICK = Duration.ofSeconds(1);

  /** Stored revisions kept beyond those in use, newest first, as a Deployment's history. */
  static final int KEPT_REVISIONS = 10;

  private final TemplateRegistry templates;
  private final RevisionStore store;
  private final EventSink events;
  private final Clock clock;
  private final Predicate<GenericKubernetesResource> excluded;
  private final Consumer<TemplatedKind> requeue;

  /** Each kind's current entry and its resources, by identity, as below. */
  private final Map<String, Registered> kinds = new ConcurrentHashMap<>();

  private final Map<String, RolloutState> states = new ConcurrentHashMap<>();

  /** Every stored revision's number, by hash, per kind. */
  private final Map<String, Map<String, Integer>> numbers = new ConcurrentHashMap<>();

  /** The kinds whose stored revisions have been read. */
  private final Set<String> read = ConcurrentHashMap.newKeySet();

  /**
   * A kind's entry in watches.yaml and its resources.
   *
   * @param every every resource of the kind, which the leader plans its rollout over
   * @param own the resources this replica reconciles: all, or its shard's
   */
  private record Registered(
      TemplatedKind watch,
      Supplier<List<GenericKubernetesResource>> every,
      Supplier<List<GenericKubernetesResource>> own) {}

  private volatile ScheduledExecutorService ticker;

  /**
   * @param excluded whether a resource cannot move now (its reconciles are disabled)
   * @param requeue asks for a reconcile of every resource of a kind, after its rollout moved
   */
  public Rollouts(
      TemplateRegistry templates,
      RevisionStore store,
      EventSink events,
      Clock clock,
      Predicate<GenericKubernetesResource> excluded,
      Consumer<TemplatedKind> requeue) {
    this.templates = templates;
    this.store = store;
    this.events = events;
    this.clock = clock;
    this.excluded = excluded;
    this.requeue = requeue;
  }

  /**
   * Adds a kind, whose resources {@code list} gives from its cache, or gives a kind a new entry of
   * watches.yaml (another policy). On the replica that leads, the kind is looked at once before
   * this returns, so that its resources render the revision its stored rollout chose from their
   * first reconcile on: call it once the cache has listed.
   */
  public void register(TemplatedKind watch, Supplier<List<GenericKubernetesResource>> list) {
    register(watch, list, list);
  }

  /**
   * Adds a kind of a sharded operator: {@code mine} gives the resources of this replica's shard
   * from its cache, {@code every} all of them, which only the leader caches (empty elsewhere). As
   * {@link #register(TemplatedKind, Supplier)}, also for a kind's new entry.
   */
  public void register(
      TemplatedKind watch,
      Supplier<List<GenericKubernetesResource>> mine,
      Supplier<List<GenericKubernetesResource>> every) {
    numbers.putIfAbsent(watch.identity(), new ConcurrentHashMap<>());
    kinds.put(watch.identity(), new Registered(watch, every, mine));
    if (leading()) {
      tickOrWarn(watch);
    }
  }

  /** Forgets a kind watches.yaml no longer lists; its stored revisions stay in the cluster. */
  public synchronized void unregister(TemplatedKind watch) {
    kinds.remove(watch.identity());
    states.remove(watch.identity());
    numbers.remove(watch.identity());
    read.remove(watch.identity());
  }

  /**
   * Reads every kind's stored revisions and carries on with its rollout, storing its current
   * templates as a new revision when they are; then looks at the kinds once a {@link #TICK}. Called
   * by the replica that leads, before it reconciles.
   */
  public synchronized void lead() {
    tickAll();
    if (ticker == null) {
      ticker =
          Executors.newSingleThreadScheduledExecutor(
              runnable -> {
                Thread thread = new Thread(runnable, "rollouts");
                thread.setDaemon(true);
                return thread;
              });
      ticker.scheduleWithFixedDelay(
          this::tickAll, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /**
   * The templates of {@code watch} changed: a new revision and rollout, if they are new.
   *
   * @return whether the leader takes it on, and so requeues the kind's resources itself once the
   *     new revision is stored and chosen: a reconcile before that would render the revision they
   *     were on, and repeat what that one did (a refusal the edit was meant to resolve)
   */
  public boolean templatesChanged(TemplatedKind watch) {
    if (!leading()) {
      return false;
    }
    ticker.execute(() -> tickOrWarn(watch));
    return true;
  }

  /** Where the kind's rollout stands, once the leader has read or begun one. */
  public Optional<RolloutState> state(TemplatedKind watch) {
    return Optional.ofNullable(states.get(watch.identity()));
  }

  /** The kind's resources this replica reconciles, as their rollout sees them: no request. */
  public List<RolloutMember> members(TemplatedKind watch) {
    Registered kind = kinds.get(watch.identity());
    return kind == null ? List.of() : kind.own().get().stream().map(this::member).toList();
  }

  /**
   * A sharded member's view of the kind's stored revisions, oldest number first, as {@link
   * RevisionFollower} hands them on: it renders from them and follows the newest one's rollout
   * state, which the leader moves. Ignored once this replica leads (then it keeps the state), and
   * for a kind not registered.
   */
  synchronized void follow(TemplatedKind watch, List<StoredRevision> stored) {
    String identity = watch.identity();
    if (leading() || !kinds.containsKey(identity)) {
      return;
    }
    Map<String, Integer> known = numbers.get(identity);
    known.clear();
    for (StoredRevision revision : stored) {
      templates.remember(watch, revision.revision());
      known.put(revision.hash(), revision.number());
    }
    Optional<RolloutState> state = StoredRevision.stateOf(stored);
    if (state.isPresent() && !state.get().equals(states.get(identity))) {
      states.put(identity, state.get());
      requeue.accept(watch);
    }
  }

  /** The revision {@code resource} renders from. */
  @Override
  public RevisionChoice choose(TemplatedKind watch, GenericKubernetesResource resource) {
    RolloutMember member = member(resource);
    if (member.pin().isPresent()) {
      return pinned(watch, member.pin().get());
    }
    RolloutState state = states.get(watch.identity());
    if (state == null) {
      return RevisionChoice.current();
    }
    Registered current = kinds.get(watch.identity());
    boolean policy = (current == null ? watch : current.watch()).rollout().isPresent();
    return RevisionChoice.of(state, policy, member, hash -> templates.knows(watch, hash));
  }

  private RevisionChoice pinned(TemplatedKind watch, String pin) {
    if (templates.knows(watch, pin)) {
      return RevisionChoice.of(pin);
    }
    Optional<String> byNumber =
        numbers.getOrDefault(watch.identity(), Map.of()).entrySet().stream()
            .filter(entry -> Integer.toString(entry.getValue()).equals(pin))
            .map(Map.Entry::getKey)
            .filter(hash -> templates.knows(watch, hash))
            .findFirst();
    return byNumber
        .map(RevisionChoice::of)
        .orElseGet(
            () ->
                RevisionChoice.refused(
                    "The annotation "
                        + PIN_ANNOTATION
                        + "="
                        + pin
                        + " pins it to a template revision of "
                        + watch.kind()
                        + " that is not stored (known: "
                        + known(watch)
                        + "). Name one of those by hash or number, or remove the annotation."));
  }

  private String known(TemplatedKind watch) {
    return numbers.getOrDefault(watch.identity(), Map.of()).entrySet().stream()
        .sorted(Map.Entry.comparingByValue())
        .map(entry -> entry.getValue() + " (" + entry.getKey() + ")")
        .reduce((a, b) -> a + ", " + b)
        .orElse("none");
  }

  private void tickAll() {
    kinds.values().forEach(kind -> tickOrWarn(kind.watch()));
  }

  private boolean leading() {
    return ticker != null;
  }

  /** A tick that fails (the API server refused a write) is tried again by the next one. */
  private void tickOrWarn(TemplatedKind asked) {
    Registered kind = kinds.get(asked.identity());
    if (kind == null) {
      // Removed from watches.yaml meanwhile.
      return;
    }
    TemplatedKind watch = kind.watch();
    try {
      tick(watch);
    } catch (RuntimeException e) {
      LOG.warn("Cannot move the rollout of {} on; trying again: {}", watch.kind(), e.toString());
    }
  }

  /**
   * Reads the kind's stored revisions once, then begins a rollout when the templates are new, and
   * moves the current one on.
   */
  private synchronized void tick(TemplatedKind watch) {
    String identity = watch.identity();
    if (!kinds.containsKey(identity)) {
      return;
    }
    if (!read.contains(identity)) {
      for (StoredRevision stored : store.list(watch)) {
        templates.remember(watch, stored.revision());
        numbers.get(identity).put(stored.hash(), stored.number());
        // Numbered in order: the newest revision's state is the kind's.
        stored.state().ifPresent(state -> states.put(identity, state));
      }
      read.add(identity);
    }
    RolloutState before = states.get(identity);
    RolloutState state = before;
    Optional<TemplateRevision> current = templates.current(watch);
    if (current.isPresent() && (state == null || !state.target().equals(current.get().hash()))) {
      state = begin(watch, current.get(), state);
    }
    if (state == null) {
      return;
    }
    if (state.phase() == RolloutState.Phase.PROGRESSING) {
      state = move(watch, state);
    }
    if (!Objects.equals(before, state)) {
      states.put(identity, state);
      requeue.accept(watch);
    }
  }

  /** Moves a rollout in progress on; without a policy (any more), it is complete. */
  private RolloutState move(TemplatedKind watch, RolloutState state) {
    Optional<RolloutPolicy> policy = watch.rollout();
    List<GenericKubernetesResource> all = resources(watch);
    RolloutState moved =
        policy.isEmpty()
            ? state.completed()
            : RolloutPlanner.next(
                policy.get(), state, all.stream().map(this::member).toList(), clock.instant());
    if (moved.equals(state)) {
      return state;
    }
    save(watch, moved);
    report(watch, state, moved, all);
    return moved;
  }

  /** Records {@code state} on its stored revision, storing that again if someone deleted it. */
  private void save(TemplatedKind watch, RolloutState state) {
    if (!store.save(watch, state)) {
      TemplateRevision revision = templates.revision(watch, state.target()).orElseThrow();
      LOG.warn(
          "The stored template revision {} of {} was deleted; storing it again",
          state.target(),
          watch.kind());
      store.create(watch, revision, state);
    }
  }

  /**
   * Stores {@code revision} as the kind's newest (with the next number, also when it was stored
   * before: templates edited back) and begins moving resources to it; without a policy they all
   * move at once.
   */
  private RolloutState begin(TemplatedKind watch, TemplateRevision revision, RolloutState before) {
    Map<String, Integer> known = numbers.get(watch.identity());
    int number = known.values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
    RolloutState state =
        before == null || watch.rollout().isEmpty()
            ? RolloutState.complete(revision.hash(), number, clock.instant())
            : before.next(revision.hash(), number, clock.instant());
    if (known.containsKey(revision.hash())) {
      save(watch, state);
    } else {
      store.create(watch, revision, state);
    }
    known.put(revision.hash(), number);
    LOG.info(
        "Template revision {} ({}) of {}: {}",
        number,
        revision.hash(),
        watch.kind(),
        state.phase() == RolloutState.Phase.COMPLETE
            ? "every " + watch.kind() + " renders from it now"
            : "rolling out from " + state.from() + " by " + watch.rollout().get().describe());
    forgetOldRevisions(watch, state);
    return state;
  }

  /** Deletes stored revisions beyond the newest {@link #KEPT_REVISIONS} that nothing uses. */
  private void forgetOldRevisions(TemplatedKind watch, RolloutState state) {
    Set<String> used = new HashSet<>(List.of(state.target(), state.from()));
    for (GenericKubernetesResource resource : resources(watch)) {
      RolloutMember member = member(resource);
      member.revision().ifPresent(used::add);
      member.pin().ifPresent(used::add);
    }
    Map<String, Integer> known = numbers.get(watch.identity());
    known.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .skip(KEPT_REVISIONS)
        .map(Map.Entry::getKey)
        .filter(hash -> !used.contains(hash) && !used.contains(Integer.toString(known.get(hash))))
        .toList()
        .forEach(
            hash -> {
              store.delete(watch, hash);
              known.remove(hash);
            });
  }

  private void report(
      TemplatedKind watch,
      RolloutState before,
      RolloutState after,
      List<GenericKubernetesResource> all) {
    switch (after.phase()) {
      case COMPLETE ->
          LOG.info(
              "Rollout of {} template revision {} ({}) complete",
              watch.kind(),
              after.number(),
              after.target());
      case PROGRESSING -> {
        if (after.step() != before.step()) {
          LOG.info(
              "Rollout of {} template revision {} ({}): step {} of {}",
              watch.kind(),
              after.number(),
              after.target(),
              after.step() + 1,
              watch.rollout().orElseThrow().stepCount());
        }
      }
      case PAUSED -> {
        String message =
            "The rollout of template revision "
                + after.number()
                + " ("
                + after.target()
                + ") of "
                + watch.kind()
                + " paused at step "
                + (after.step() + 1)
                + ": not Ready within "
                + watch.rollout().orElseThrow().progressDeadlineText()
                + ": "
                + String.join(", ", after.failed())
                + ". Resources not yet moved stay on "
                + after.from()
                + "; edit the templates to roll out a fix.";
        LOG.error("{}", message);
        Set<String> failed = new HashSet<>(after.failed());
        all.stream()
            .filter(resource -> failed.contains(member(resource).name()))
            .forEach(resource -> events.warning(resource, Reason.ROLLOUT_PAUSED, message));
      }
    }
  }

  /** Every resource of the kind, from a cache; none once it is no longer registered. */
  private List<GenericKubernetesResource> resources(TemplatedKind watch) {
    Registered kind = kinds.get(watch.identity());
    return kind == null ? List.of() : kind.every().get();
  }

  /** The resource as its rollout sees it. */
  RolloutMember member(GenericKubernetesResource resource) {
    return RolloutMember.of(resource, excluded.test(resource));
  }

  @Override
  public synchronized void close() {
    if (ticker != null) {
      ticker.shutdownNow();
    }
  }
}
