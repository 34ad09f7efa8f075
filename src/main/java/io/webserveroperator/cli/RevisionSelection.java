package io.webserveroperator.cli;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.OperatorException;
import io.webserveroperator.controller.ResourceAnnotations;
import io.webserveroperator.preview.LiveSelection;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutOrder;
import io.webserveroperator.rollout.RolloutPlanner;
import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.StoredRevision;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code diff --live --template-revision REV}: live resources rendered from a revision the operator
 * stored ({@link RevisionStore}) instead of the local templates. {@code REV} is a hash or a number,
 * as a pin names one: every resource of a kind that has it; or {@value #NEXT}: the resources the
 * next step of each kind's rollout would move, from its target, as the local rollout policy counts
 * them.
 *
 * <p>A kind it leaves out is said in {@link #notes()}. Reads the stored revisions once per kind.
 */
final class RevisionSelection implements LiveSelection {

  /** The revision name that asks for the next step of each kind's rollout. */
  static final String NEXT = "next";

  private final RevisionStore store;
  private final TemplateRegistry templates;
  private final String wanted;
  private final List<String> notes = new ArrayList<>();
  private boolean found;

  /**
   * @param templates the registry the diff renders with; learns each stored revision it reads
   * @param wanted a hash, a number or {@value #NEXT}
   */
  RevisionSelection(RevisionStore store, TemplateRegistry templates, String wanted) {
    this.store = store;
    this.templates = templates;
    this.wanted = wanted;
  }

  @Override
  public List<Pick> select(TemplatedKind watch, List<GenericKubernetesResource> live) {
    List<StoredRevision> stored = store.list(watch);
    stored.forEach(revision -> templates.remember(watch, revision.revision()));
    if (wanted.equals(NEXT)) {
      return next(watch, stored, live);
    }
    Optional<StoredRevision> named = StoredRevision.find(stored, wanted);
    if (named.isEmpty()) {
      notes.add(
          watch.kind()
              + " left out: it has no stored template revision "
              + wanted
              + " (stored: "
              + names(stored)
              + ").");
      return List.of();
    }
    found = true;
    return live.stream()
        .map(resource -> new Pick(resource, Optional.of(named.get().hash())))
        .toList();
  }

  private List<Pick> next(
      TemplatedKind watch, List<StoredRevision> stored, List<GenericKubernetesResource> live) {
    Optional<RolloutState> state = StoredRevision.stateOf(stored);
    if (state.isEmpty()) {
      notes.add(watch.kind() + " left out: no template revision of it is stored.");
      return List.of();
    }
    String target = state.get().target();
    String rollout =
        "the rollout of "
            + watch.kind()
            + " to its revision "
            + state.get().number()
            + " ("
            + target
            + ")";
    if (state.get().phase() != RolloutState.Phase.PROGRESSING) {
      notes.add(
          "no step follows in "
              + rollout
              + ": it is "
              + state.get().phase().name().toLowerCase(Locale.ROOT)
              + ".");
      return List.of();
    }
    if (watch.rollout().isEmpty()) {
      notes.add(
          watch.kind()
              + " left out: the local watches.yaml gives it no rollout policy to count the next"
              + " step of "
              + rollout
              + " with (--templates).");
      return List.of();
    }
    List<RolloutMember> members =
        live.stream().map(r -> RolloutMember.of(r, ResourceAnnotations.disabled(r))).toList();
    Optional<List<RolloutMember>> moved =
        RolloutPlanner.nextStep(watch.rollout().get(), state.get(), members);
    if (moved.isEmpty()) {
      notes.add("no step follows in " + rollout + ": it is at its last step.");
      return List.of();
    }
    Set<RolloutOrder> positions =
        moved.get().stream().map(RolloutMember::position).collect(Collectors.toSet());
    List<Pick> picks = new ArrayList<>();
    for (int i = 0; i < live.size(); i++) {
      if (positions.contains(members.get(i).position())) {
        picks.add(new Pick(live.get(i), Optional.of(target)));
      }
    }
    return picks;
  }

  /** What stderr says first: each kind left out, and why. */
  List<String> notes() {
    return List.copyOf(notes);
  }

  /**
   * Refuses a hash or number that no kind has, once every kind was asked: the diff would be empty
   * for a typing error.
   *
   * @throws OperatorException naming the revision and the namespace
   */
  void requireFound() {
    if (!found && !wanted.equals(NEXT)) {
      throw new OperatorException(
          "No watched kind has a template revision "
              + wanted
              + " stored in namespace "
              + store.namespace()
              + ". "
              + String.join(" ", notes)
              + " Name a stored revision by hash or number, or use --operator-namespace or --name.");
    }
  }

  private static String names(List<StoredRevision> stored) {
    return stored.isEmpty()
        ? "none"
        : stored.stream()
            .map(revision -> revision.number() + " (" + revision.hash() + ")")
            .collect(Collectors.joining(", "));
  }
}
