package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutOrder;
import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.StoredKind;
import io.webserveroperator.rollout.StoredRevision;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The text of {@code rollout status}, against the files in {@code rollout-status/}. */
class RolloutStatusPrinterTest {

  static final StoredKind WEB_SERVER = new StoredKind("WebServer", "webapp.example.com");
  static final Instant STARTED = Instant.parse("2026-12-01T10:00:00Z");
  static final Instant NOW = STARTED.plus(Duration.ofMinutes(12).plusSeconds(30));
  static final String FIRST = "1111111111";
  static final String GOOD = "0a1b2c3d4e";
  static final String TARGET = "4b1d2e3f5a";

  /** Steps [1, 10%, 50%], then the 100% that is always added. */
  static final RolloutPolicy POLICY =
      new RolloutPolicy(
          List.of(
              new RolloutStep.Count(1), new RolloutStep.Percent(10), new RolloutStep.Percent(50)),
          Duration.ofMinutes(10),
          0);

  static final RolloutState MOVING =
      RolloutState.complete(GOOD, 2, STARTED.minus(Duration.ofDays(1)))
          .next(TARGET, 3, STARTED.minusSeconds(40));

  @Test
  void aPausedRolloutNamesWhatWasNotReadyAndWhatToDo() throws IOException {
    RolloutState paused =
        new RolloutState(
            TARGET,
            3,
            GOOD,
            RolloutState.Phase.PAUSED,
            1,
            STARTED,
            Optional.of(new RolloutOrder(false, "shop", "web-01")),
            List.of("shop/web-01"));
    List<RolloutMember> resources = new ArrayList<>();
    resources.add(member("web-00", TARGET, true));
    resources.add(member("web-01", TARGET, false));
    IntStream.range(2, 18).forEach(i -> resources.add(member(name(i), GOOD, true)));
    resources.add(member("web-18", "9f8e7d6c5b", true));
    resources.add(
        new RolloutMember(
            new RolloutOrder(false, "shop", "web-19"),
            Optional.empty(),
            Optional.empty(),
            false,
            false,
            false));
    resources.add(
        new RolloutMember(
            new RolloutOrder(false, "shop", "legacy"),
            Optional.of("2"),
            Optional.of(GOOD),
            true,
            true,
            false));

    String text =
        RolloutStatusPrinter.print(
            List.of(new KindRollout(WEB_SERVER, Optional.of(POLICY), revisions(paused), resources)),
            NOW);

    assertThat(text).isEqualTo(expected("paused.txt"));
  }

  @Test
  void kindsAreSeparatedAndAStepWithoutALocalPolicyIsANumber() throws IOException {
    StoredKind site = new StoredKind("Site", "");
    List<RolloutMember> sites =
        List.of(member("a", TARGET, true), member("b", GOOD, true), member("c", GOOD, true));
    RolloutState complete = RolloutState.complete(TARGET, 1, STARTED);
    List<StoredRevision> webServerRevisions =
        List.of(
            new StoredRevision(new TemplateRevision(TARGET, Map.of()), 1, Optional.of(complete)));

    String text =
        RolloutStatusPrinter.print(
            List.of(
                new KindRollout(
                    WEB_SERVER,
                    Optional.of(POLICY),
                    webServerRevisions,
                    List.of(member("web", TARGET, true))),
                new KindRollout(site, Optional.empty(), revisions(MOVING), sites)),
            STARTED.plusSeconds(5));

    assertThat(text).isEqualTo(expected("complete-and-progressing.txt"));
  }

  /** Revisions 1 and 2, then the target 3 with {@code state}. */
  static List<StoredRevision> revisions(RolloutState state) {
    return List.of(
        stored(FIRST, 1, RolloutState.complete(FIRST, 1, STARTED.minus(Duration.ofDays(2)))),
        stored(GOOD, 2, RolloutState.complete(GOOD, 2, STARTED.minus(Duration.ofDays(1)))),
        stored(TARGET, 3, state));
  }

  static StoredRevision stored(String hash, int number, RolloutState state) {
    return new StoredRevision(new TemplateRevision(hash, Map.of()), number, Optional.of(state));
  }

  static String name(int index) {
    return String.format("web-%02d", index);
  }

  static RolloutMember member(String name, String revision, boolean ready) {
    return new RolloutMember(
        new RolloutOrder(false, "shop", name),
        Optional.empty(),
        Optional.of(revision),
        true,
        ready,
        false);
  }

  static String expected(String name) throws IOException {
    try (InputStream in =
        RolloutStatusPrinterTest.class.getResourceAsStream("rollout-status/" + name)) {
      return in == null
          ? "(no file " + name + ")"
          : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
