package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.shard.ShardLabels;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three operator JVMs with {@code --shards auto} share 150 WebServers, each between 20% and 47%. A
 * fourth joins: about a quarter move, all of them to it. One (not the leader) is killed with
 * SIGKILL: within 20 s every WebServer it had is labelled for a survivor whose reconcile
 * re-labelled its Deployment, and a spec change made after the kill reached the Deployment. The
 * fourth is stopped with SIGTERM, as in a rollout: it deletes its Lease, and its WebServers are
 * reconciled by the others within 8 s, well before a Lease would have expired.
 *
 * <p>The leader, killed while it labels a storm of new WebServers, leaves nothing behind: those it
 * had not labelled yet, those created while no replica leads, and those it owned itself are all
 * labelled for and reconciled by the survivors once a new leader is elected.
 *
 * <p>From the operators' logs (DEBUG: a line after each reconcile that wrote, with how long it
 * took; INFO: each release), per WebServer, the time ranges in which two replicas wrote for it
 * never overlap.
 */
class ShardingIT {

  static final int COUNT = 150;
  static final Duration TAKEOVER = Duration.ofSeconds(20);

  /**
   * A stopping replica deletes its Lease: its WebServers move well before the Lease would expire.
   */
  static final Duration ROLLOUT = Duration.ofSeconds(8);

  /**
   * A killed leader's Lease expires after 10 s (the default under {@code --shards auto}), then a
   * survivor takes it and starts assigning; the dead leader's own shard Lease has expired by then
   * too.
   */
  static final Duration LEADER_TAKEOVER = Duration.ofSeconds(30);

  private static final Pattern JOINED = Pattern.compile("Joined the shard ring as (\\S+)");
  private static final Pattern RING_SIZE =
      Pattern.compile("(?m)^webserver_operator_shard_ring_size\\{[^}]*} (\\d+)");
  private static final Pattern WROTE =
      Pattern.compile(
          "(?m)^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) \\w+ +\\[[^\\]]+] \\w+ (WebServer \\S+):"
              + " (?:Reconcile wrote within the last (\\d+) ms"
              + "|Reconcile failed, may have written within the last (\\d+) ms"
              + "|Released it for another shard)");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("shard");

  private final Map<String, OperatorProcess> operators = new LinkedHashMap<>();

  @Test
  void replicasShareTheWebServersHandOverToANewOneAndTakeOverFromAKilledOneWithoutOverlap() {
    WebServers webServers = cluster.webServers();
    String leader = join("shard-1");
    awaitAssigning(leader);
    join("shard-2");
    String victim = join("shard-3");
    Waits.until(leader + "'s shard ring size", () -> ringSize(leader), size -> size == 3);

    for (int i = 0; i < COUNT; i++) {
      webServers.create("web-" + i, Map.of("image", "nginx", "replicas", 1));
    }
    awaitSettled(Set.of(leader, "shard-2", victim));
    Map<String, String> before = owners();
    Map<String, Long> shares = countByMember(before);
    System.out.printf("ShardingIT: shares of three replicas %s%n", shares);
    assertThat(shares).hasSize(3);
    shares.values().forEach(n -> assertThat(n).isBetween(COUNT * 20L / 100, COUNT * 47L / 100));

    String newcomer = join("shard-4");
    awaitSettled(Set.of(leader, "shard-2", victim, newcomer));
    Map<String, String> after = owners();
    List<String> moved =
        before.keySet().stream().filter(n -> !before.get(n).equals(after.get(n))).toList();
    System.out.printf(
        "ShardingIT: %d of %d moved to the fourth replica; shares %s%n",
        moved.size(), COUNT, countByMember(after));
    assertThat(moved).allSatisfy(n -> assertThat(after.get(n)).isEqualTo(member(newcomer)));
    assertThat(moved.size()).isBetween(COUNT * 10 / 100, COUNT * 40 / 100);

    List<String> victims = namesOwnedBy(after, member(victim));
    operators.get(victim).kill();
    Instant killed = Instant.now();
    String edited = victims.get(0);
    webServers.patchSpec(edited, Map.of("replicas", 3));
    Waits.await("the killed replica's WebServers reconciled by the others")
        .atMost(TAKEOVER)
        .pollInterval(Duration.ofMillis(250))
        .untilAsserted(
            () -> {
              assertThat(notTakenOver(victims, member(victim))).as("not taken over").isEmpty();
              assertThat(replicas(edited)).as("replicas of %s", edited).isEqualTo(3);
            });
    System.out.printf(
        "ShardingIT: %d WebServers of the killed replica reconciled by the others %d ms after"
            + " the kill%n",
        victims.size(), Duration.between(killed, Instant.now()).toMillis());

    List<String> handedOn = namesOwnedBy(owners(), member(newcomer));
    Instant stopping = Instant.now();
    assertThat(operators.get(newcomer).stop()).as("stopped on SIGTERM").isTrue();
    Waits.until(
        Waits.await("the stopped replica's WebServers reconciled by the others, as in a rollout")
            .atMost(ROLLOUT)
            .pollInterval(Duration.ofMillis(250)),
        () -> notTakenOver(handedOn, member(newcomer)),
        Optional::isEmpty);
    System.out.printf(
        "ShardingIT: %d WebServers of a replica stopped with SIGTERM reconciled by the others %d"
            + " ms after the signal%n",
        handedOn.size(), Duration.between(stopping, Instant.now()).toMillis());

    assertThat(assertNoTwoReplicasReconciledTheSameWebServerAtOnce()).isPositive();
  }

  @Test
  void aLeaderKilledWhileItAssignsLeavesNoWebServerUnassignedOrOwnedByTwo() throws Exception {
    WebServers webServers = cluster.webServers();
    String leader = join("shard-1");
    awaitAssigning(leader);
    List<String> survivors = List.of(join("shard-2"), join("shard-3"));
    Waits.until(leader + "'s shard ring size", () -> ringSize(leader), size -> size == 3);

    CompletableFuture<Void> firstHalf =
        CompletableFuture.runAsync(
            () ->
                IntStream.range(0, COUNT / 2)
                    .forEach(
                        i ->
                            webServers.create(
                                "web-" + i, Map.of("image", "nginx", "replicas", 1))));
    Waits.until(
        Waits.await(operators.get(leader) + "'s first reconcile of the storm")
            .pollInterval(Duration.ofMillis(50)),
        () -> WROTE.matcher(log(leader)).find(),
        wrote -> wrote);
    operators.get(leader).kill();
    Instant killed = Instant.now();
    firstHalf.get();
    long labelledAtTheKill =
        IntStream.range(0, COUNT / 2)
            .mapToObj(i -> webServers.named("web-" + i).get())
            .filter(resource -> ShardLabels.owner(resource).isPresent())
            .count();
    for (int i = COUNT / 2; i < COUNT; i++) {
      webServers.create("web-" + i, Map.of("image", "nginx", "replicas", 1));
    }

    Set<String> members = survivors.stream().map(this::member).collect(Collectors.toSet());
    Waits.until(
        Waits.await("every WebServer labelled for and reconciled by a survivor")
            .atMost(LEADER_TAKEOVER)
            .pollInterval(Duration.ofMillis(250)),
        () -> unsettled(members),
        Optional::isEmpty);
    System.out.printf(
        "ShardingIT: leader killed with %d of the %d WebServers created so far labelled; all %d"
            + " reconciled by the survivors %d ms after the kill%n",
        labelledAtTheKill, COUNT / 2, COUNT, Duration.between(killed, Instant.now()).toMillis());
    assertThat(survivors.stream().map(this::log)).anyMatch(l -> l.contains("Assigning shards"));
    assertNoTwoReplicasReconciledTheSameWebServerAtOnce();
  }

  /** Starts a member with DEBUG logs (for the reconcile lines) and returns its name, once known. */
  private String join(String name) {
    OperatorProcess process =
        cluster.startOperatorJvm(name, List.of("--shards=auto"), Map.of("WSO_LOG_LEVEL", "DEBUG"));
    operators.put(name, process);
    Waits.until(process + " joining the ring", () -> JOINED.matcher(process.log()).find(), j -> j);
    return name;
  }

  /** Waits until the leader says it assigns shards. */
  private void awaitAssigning(String leader) {
    Waits.until(
        operators.get(leader) + " assigning shards",
        () -> log(leader).contains("Assigning shards"),
        assigning -> assigning);
  }

  private String member(String name) {
    Matcher matcher = JOINED.matcher(log(name));
    assertThat(matcher.find()).isTrue();
    return matcher.group(1);
  }

  private String log(String name) {
    return operators.get(name).log();
  }

  private int ringSize(String name) {
    Matcher matcher = RING_SIZE.matcher(operators.get(name).metrics());
    return matcher.find() ? Integer.parseInt(matcher.group(1)) : 0;
  }

  /**
   * Waits until every WebServer is Ready, labelled for one of these operators with no drain
   * pending, and its Deployment carries the same label (its owner has reconciled it), for 3 s.
   */
  private void awaitSettled(Set<String> names) {
    Set<String> members = names.stream().map(this::member).collect(Collectors.toSet());
    Waits.until(
        Waits.await("every WebServer settled on " + members)
            .during(Duration.ofSeconds(3))
            .pollInterval(Duration.ofMillis(500)),
        () -> unsettled(members),
        Optional::isEmpty);
  }

  /** The first WebServer not settled on these members, if any. */
  private Optional<String> unsettled(Set<String> members) {
    return IntStream.range(0, COUNT)
        .mapToObj(i -> "web-" + i)
        .filter(name -> !settled(name, members))
        .findFirst();
  }

  private boolean settled(String name, Set<String> members) {
    GenericKubernetesResource resource = cluster.webServers().named(name).get();
    if (resource == null || ShardLabels.drainRequested(resource)) {
      return false;
    }
    String owner = ShardLabels.owner(resource).orElse(null);
    return members.contains(owner)
        && owner.equals(deploymentShard(name))
        && cluster.webServers().condition(name, "Ready").isPresent();
  }

  /** The first of these WebServers that another member has not taken over from the dead one. */
  private Optional<String> notTakenOver(List<String> names, String dead) {
    for (String name : names) {
      String owner = ShardLabels.owner(cluster.webServers().named(name).get()).orElse(dead);
      if (owner.equals(dead) || !owner.equals(deploymentShard(name))) {
        return Optional.of(name);
      }
    }
    return Optional.empty();
  }

  private String deploymentShard(String name) {
    Deployment deployment = cluster.deployment(name);
    return deployment == null
        ? null
        : deployment.getMetadata().getLabels().get(ManagedLabels.SHARD);
  }

  private int replicas(String name) {
    Deployment deployment = cluster.deployment(name);
    return deployment == null ? 0 : deployment.getSpec().getReplicas();
  }

  /** WebServer name → shard label. */
  private Map<String, String> owners() {
    Map<String, String> owners = new TreeMap<>();
    for (int i = 0; i < COUNT; i++) {
      GenericKubernetesResource resource = cluster.webServers().named("web-" + i).get();
      owners.put("web-" + i, ShardLabels.owner(resource).orElse(""));
    }
    return owners;
  }

  private static Map<String, Long> countByMember(Map<String, String> owners) {
    return owners.values().stream()
        .collect(Collectors.groupingBy(m -> m, TreeMap::new, Collectors.counting()));
  }

  private static List<String> namesOwnedBy(Map<String, String> owners, String member) {
    return owners.entrySet().stream()
        .filter(e -> e.getValue().equals(member))
        .map(Map.Entry::getKey)
        .toList();
  }

  /**
   * Per WebServer, the writes of all replicas in time order, cut into tenures: runs of writes by
   * one replica. Tenures of two replicas never overlap, and a tenure gives way to another replica's
   * only by a release or because its replica never writes again (killed or stopped). Returns the
   * handovers.
   */
  private int assertNoTwoReplicasReconciledTheSameWebServerAtOnce() {
    Map<String, List<Write>> writes = new HashMap<>();
    operators.forEach(
        (name, process) -> {
          Matcher line = WROTE.matcher(process.log());
          while (line.find()) {
            LocalTime end = LocalTime.parse(line.group(1));
            String took = line.group(3) != null ? line.group(3) : line.group(4);
            LocalTime start = took == null ? end : end.minusNanos(Long.parseLong(took) * 1_000_000);
            writes
                .computeIfAbsent(line.group(2), r -> new ArrayList<>())
                .add(new Write(name, start, end, took == null));
          }
        });
    assertThat(writes).as("WebServers written for").hasSizeGreaterThanOrEqualTo(COUNT);
    int handovers = 0;
    for (var entry : writes.entrySet()) {
      List<Write> tenures = tenures(entry.getValue());
      for (int i = 0; i < tenures.size(); i++) {
        for (int j = i + 1; j < tenures.size(); j++) {
          Write earlier = tenures.get(i);
          Write later = tenures.get(j);
          if (!earlier.replica().equals(later.replica())) {
            assertThat(earlier.to())
                .as("%s: %s then %s", entry.getKey(), earlier, later)
                .isBefore(later.from());
          }
        }
        if (i + 1 < tenures.size()) {
          handovers++;
          Write ended = tenures.get(i);
          boolean writesAgain =
              tenures.subList(i + 1, tenures.size()).stream()
                  .anyMatch(t -> t.replica().equals(ended.replica()));
          assertThat(ended.release() || !writesAgain)
              .as("%s: %s gave way without releasing it, then wrote again", entry.getKey(), ended)
              .isTrue();
        }
      }
    }
    System.out.printf(
        "ShardingIT: %d handovers between replicas, no two writing for one WebServer at once%n",
        handovers);
    return handovers;
  }

  /** The writes in order of their start, runs by one replica merged; ends with a release or not. */
  private static List<Write> tenures(List<Write> writes) {
    List<Write> sorted = new ArrayList<>(writes);
    sorted.sort(Comparator.comparing(Write::from));
    List<Write> tenures = new ArrayList<>();
    for (Write write : sorted) {
      Write last = tenures.isEmpty() ? null : tenures.get(tenures.size() - 1);
      if (last != null && last.replica().equals(write.replica())) {
        tenures.set(tenures.size() - 1, last.extendedBy(write));
      } else {
        tenures.add(write);
      }
    }
    return tenures;
  }

  /**
   * One replica's writes for a WebServer from {@code from} to {@code to}, to the millisecond.
   *
   * @param release whether the last of them was its release
   */
  private record Write(String replica, LocalTime from, LocalTime to, boolean release) {
    Write extendedBy(Write next) {
      return new Write(replica, from, to.isAfter(next.to) ? to : next.to, next.release);
    }
  }
}
