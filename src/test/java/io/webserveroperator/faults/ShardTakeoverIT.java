package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.shard.ShardLabels;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Waits;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How long the resources of a SIGKILLed replica wait, three runs for a killed member and three for
 * a killed leader, over {@value #COUNT} WebServers and three operator JVMs with {@code --shards
 * auto}: from the kill until a spec change made on every WebServer right after it has reached every
 * Deployment of the killed replica's WebServers, each reconciled (re-labelled) by the survivor that
 * now owns it. After each run a new replica joins and the WebServers settle again.
 *
 * <p>The times are printed; the test asserts only the generous bound {@link #BOUND}. The goal (20
 * s) is in docs/operations.md with the numbers measured.
 */
class ShardTakeoverIT {

  static final int COUNT = 150;
  static final int RUNS = 3;
  static final Duration BOUND = Duration.ofSeconds(40);

  /** Longer than {@link Waits#TIMEOUT}: {@value #COUNT} WebServers settle on the live replicas. */
  static final Duration SETTLE = Duration.ofSeconds(120);

  private static final Pattern JOINED = Pattern.compile("Joined the shard ring as (\\S+)");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("takeover");

  private final Map<String, OperatorProcess> operators = new LinkedHashMap<>();
  private int joined;
  private int replicas = 1;

  @Test
  void theResourcesOfAKilledMemberOrLeaderAreReconciledByTheSurvivorsInThreeRunsEach() {
    String first = join();
    Waits.until(
        operators.get(first) + " assigning shards",
        () -> log(first).contains("Assigning shards"),
        assigning -> assigning);
    join();
    join();
    IntStream.range(0, COUNT)
        .parallel()
        .forEach(
            i -> cluster.webServers().create(name(i), Map.of("image", "nginx", "replicas", 1)));
    awaitSettled();
    Map<String, Long> before = new LinkedHashMap<>();
    live().forEach(name -> before.put(name, operators.get(name).leaseRequests().total()));
    Instant from = Instant.now();
    OperatorProcess.sleep(Duration.ofSeconds(20));
    double seconds = Duration.between(from, Instant.now()).toMillis() / 1000.0;
    before.forEach(
        (name, count) ->
            System.out.printf(
                "ShardTakeoverIT: %s sends %.2f Lease requests/s at rest%s%n",
                name,
                (operators.get(name).leaseRequests().total() - count) / seconds,
                log(name).contains("Assigning shards") ? " (the leader)" : ""));

    List<Long> members = new ArrayList<>();
    List<Long> leaders = new ArrayList<>();
    for (int run = 0; run < RUNS; run++) {
      members.add(killAndMeasure(false));
      join();
      awaitSettled();
    }
    for (int run = 0; run < RUNS; run++) {
      leaders.add(killAndMeasure(true));
      join();
      awaitSettled();
    }
    System.out.printf(
        "ShardTakeoverIT: %d WebServers over 3 replicas; takeover after SIGKILL of a member %s ms,"
            + " of the leader %s ms%n",
        COUNT, members, leaders);
    assertThat(members).allSatisfy(ms -> assertThat(ms).isLessThan(BOUND.toMillis()));
    assertThat(leaders).allSatisfy(ms -> assertThat(ms).isLessThan(BOUND.toMillis()));
  }

  /** Kills the leader or another member, changes every spec, and times the takeover. */
  private long killAndMeasure(boolean leader) {
    String victim =
        live().stream()
            .filter(name -> log(name).contains("Assigning shards") == leader)
            .findFirst()
            .orElseThrow();
    String dead = member(victim);
    List<String> victims =
        IntStream.range(0, COUNT)
            .mapToObj(ShardTakeoverIT::name)
            .filter(
                n -> ShardLabels.owner(cluster.webServers().named(n).get()).orElse("").equals(dead))
            .toList();
    operators.get(victim).kill();
    Instant killed = Instant.now();
    replicas++;
    int wanted = replicas;
    IntStream.range(0, COUNT)
        .parallel()
        .forEach(i -> cluster.webServers().patchSpec(name(i), Map.of("replicas", wanted)));
    Waits.until(
        Waits.await(
                (leader ? "the leader's" : "a member's")
                    + " WebServers reconciled by the survivors")
            .atMost(BOUND.plusSeconds(20))
            .pollInterval(Duration.ofMillis(200)),
        () -> victims.stream().filter(n -> !takenOver(n, dead, wanted)).findFirst(),
        Optional::isEmpty);
    long ms = Duration.between(killed, Instant.now()).toMillis();
    System.out.printf(
        "ShardTakeoverIT: %s killed (%d WebServers): all reconciled by the survivors %d ms after"
            + " the kill%n",
        leader ? "leader" : "member", victims.size(), ms);
    return ms;
  }

  private boolean takenOver(String name, String dead, int replicas) {
    String owner = ShardLabels.owner(cluster.webServers().named(name).get()).orElse(dead);
    Deployment deployment = cluster.deployment(name);
    return !owner.equals(dead)
        && deployment != null
        && owner.equals(deployment.getMetadata().getLabels().get(ManagedLabels.SHARD))
        && deployment.getSpec().getReplicas() == replicas;
  }

  /**
   * Waits until every WebServer is labelled for a live replica with no drain pending and its
   * Deployment carries the same label, for 3 s.
   */
  private void awaitSettled() {
    Set<String> members = live().stream().map(this::member).collect(Collectors.toSet());
    Waits.until(
        Waits.await("every WebServer settled on " + members)
            .atMost(SETTLE)
            .during(Duration.ofSeconds(3))
            .pollInterval(Duration.ofMillis(500)),
        () ->
            IntStream.range(0, COUNT)
                .mapToObj(ShardTakeoverIT::name)
                .filter(name -> !settled(name, members))
                .findFirst(),
        Optional::isEmpty);
  }

  private boolean settled(String name, Set<String> members) {
    GenericKubernetesResource resource = cluster.webServers().named(name).get();
    String owner = ShardLabels.owner(resource).orElse("");
    Deployment deployment = cluster.deployment(name);
    return members.contains(owner)
        && !ShardLabels.drainRequested(resource)
        && deployment != null
        && owner.equals(deployment.getMetadata().getLabels().get(ManagedLabels.SHARD));
  }

  private List<String> live() {
    return operators.entrySet().stream()
        .filter(e -> e.getValue().isAlive())
        .map(Map.Entry::getKey)
        .toList();
  }

  private String join() {
    String name = "shard-" + ++joined;
    OperatorProcess process = cluster.startOperatorJvm(name, List.of("--shards=auto"), Map.of());
    operators.put(name, process);
    Waits.until(
        process + " joining the ring",
        () -> JOINED.matcher(process.log()).find(),
        joined -> joined);
    return name;
  }

  private String member(String name) {
    Matcher matcher = JOINED.matcher(log(name));
    assertThat(matcher.find()).isTrue();
    return matcher.group(1);
  }

  private String log(String name) {
    return operators.get(name).log();
  }

  private static String name(int i) {
    return "web-" + i;
  }
}
