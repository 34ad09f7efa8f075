package io.webserveroperator.kind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a new kind's names are taken: kubectl finds a resource by its plural, its singular and
 * its short names in every group at once, so a kind whose plural is {@code services} in any group
 * would hide behind the core Services, or hide them. The kind's own CRD, generated again, is no
 * collision.
 */
public final class NameCollisions {

  private NameCollisions() {}

  /**
   * Each name of {@code names} that a resource of {@code served} already answers to, as a sentence
   * naming the name, who serves it and where, and the flag that changes it.
   */
  public static List<String> of(KindNames names, List<ServedResource> served) {
    List<String> found = new ArrayList<>();
    for (ServedResource other : served) {
      if (other.group().equals(names.group()) && other.kind().equals(names.kind())) {
        continue;
      }
      List<String> theirs = new ArrayList<>(other.shortNames());
      theirs.add(0, other.plural());
      theirs.add(1, other.singular());
      check("plural", names.plural(), theirs, other, "choose another with --plural")
          .ifPresent(found::add);
      check(
              "singular name",
              names.singular(),
              theirs,
              other,
              "it is the kind in lower case: choose another --kind")
          .ifPresent(found::add);
      for (String shortName : names.shortNames()) {
        check("short name", shortName, theirs, other, "choose another --short-name")
            .ifPresent(found::add);
      }
    }
    return found.stream().distinct().toList();
  }

  private static Optional<String> check(
      String what, String name, List<String> theirs, ServedResource other, String fix) {
    if (!theirs.contains(name)) {
      return Optional.empty();
    }
    return Optional.of(
        "the "
            + what
            + " '"
            + name
            + "' is taken: "
            + other.kind()
            + " ("
            + other.fullName()
            + ", served by "
            + other.source()
            + ") answers to it, so kubectl get "
            + name
            + " could not tell them apart; "
            + fix);
  }
}
