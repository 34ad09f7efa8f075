package io.webserveroperator.rollout;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.webserveroperator.shard.ShardLabels;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A rollout policy under {@code --shards auto}: three operator JVMs share {@value #COUNT}
 * WebServers, and a template edit moves them to the new revision in the four steps {@code [10,
 * "25%", "50%", "100%"]} ({@link #ALLOWED} resources each), gated on readiness ({@code maxUnready:
 * 0}). The test plays the Deployment controller, which the test bed does not run, and holds it back
 * at the second step while it SIGKILLs a member that owns some of the step's WebServers: the step
 * can finish only once the survivors have taken them over.
 *
 * <p>Every 100 ms or so a sampler reads the stored rollout state, then every Deployment, then the
 * state again: the Deployments rendered from the new revision (their pod template carries {@link
 * #MARK}) are never more than the later of the two states' step allows, nor are the WebServers
 * whose status names the new revision. At the end every WebServer and every Deployment is on it.
 */
class ShardedRolloutIT {

  static final int COUNT = 200;
  static final String POLICY =
      "  rollout: {steps: [10, \"25%\", \"50%\", \"100%\"], progressDeadline: 5m, maxUnready: 0}\n";

  /** What each step of {@link #POLICY} allows of {@value #COUNT}. */
  static final List<Integer> ALLOWED = List.of(10, 50, 100, 200);

  /** The pod-template label the edited templates add. */
  static final String MARK = "revision-mark";

  /**
   * Longer than {@link Waits#TIMEOUT}, for each phase of the run: {@value #COUNT} WebServers over
   * three operator JVMs, the Deployment controller played every 300 ms.
   */
  static final Duration EACH_PHASE = Duration.ofSeconds(180);

  private static final Pattern JOINED = Pattern.compile("Joined the shard ring as (\\S+)");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("shardroll");

  private final Map<String, OperatorProcess> operators = new LinkedHashMap<>();
  private final ScheduledExecutorService background = Executors.newScheduledThreadPool(2);
  private final AtomicBoolean deploymentsRollOut = new AtomicBoolean(true);

  @AfterEach
  void stopBackground() {
    background.shutdownNow();
  }

  @Test
  void aRolloutOverThreeShardsKeepsToEachStepThroughAKilledMemberAndReachesEveryResource()
      throws IOException, InterruptedException {
    Path templates = cluster.templates();
    Files.writeString(templates.resolve("watches.yaml"), POLICY, StandardOpenOption.APPEND);
    WebServers webServers = cluster.webServers();
    RolloutView view = new RolloutView(cluster.admin(), cluster.namespace(), cluster.namespace());
    String leader = join("shard-1");
    Waits.until(
        operators.get(leader) + " assigning shards",
        () -> log(leader).contains("Assigning shards"),
        assigning -> assigning);
    join("shard-2");
    join("shard-3");
    Waits.until(
        leader + "'s shard ring size", () -> operators.get(leader).ringSize(), size -> size == 3);
    background.scheduleWithFixedDelay(this::playDeploymentController, 0, 300, MILLISECONDS);

    IntStream.range(0, COUNT)
        .parallel()
        .forEach(i -> webServers.create(name(i), Map.of("image", "nginx", "replicas", 1)));
    Waits.until(
        Waits.await("the first revision stored").atMost(EACH_PHASE),
        view::revisions,
        revisions -> !revisions.isEmpty());
    String first = view.state().target();
    Waits.await("every WebServer Ready on the first revision")
        .atMost(EACH_PHASE)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> assertThat(everyOn(view, first, 0)).as("on it: %s", view.state()).isTrue());

    List<Sample> samples = new CopyOnWriteArrayList<>();
    background.scheduleWithFixedDelay(() -> sample(view, samples), 0, 100, MILLISECONDS);
    Path deployment = templates.resolve("webserver/deployment.yaml.j2");
    String text = Files.readString(deployment);
    String podLabels = "      labels:\n        app: {{ name }}\n";
    assertThat(text).contains(podLabels);
    Files.writeString(
        deployment, text.replace(podLabels, podLabels + "        " + MARK + ": \"2\"\n"));
    Waits.until(
        Waits.await("a new revision").atMost(EACH_PHASE),
        view::state,
        state -> !state.target().equals(first));
    String second = view.state().target();

    Waits.until(
        Waits.await("the second step").atMost(EACH_PHASE).pollInterval(Duration.ofMillis(50)),
        view::state,
        state -> state.step() >= 1);
    // Held back, the step's new Deployments never get ready: it waits for all of its WebServers.
    deploymentsRollOut.set(false);
    Waits.await("the step's WebServers applied")
        .atMost(EACH_PHASE)
        .untilAsserted(
            () ->
                assertThat(marked()).hasSizeGreaterThanOrEqualTo(ALLOWED.get(view.state().step())));
    String victim = memberOwningOneOf(marked(), leader);
    OperatorProcess killed = operators.get(victim);
    String dead = member(victim);
    killed.kill();
    Instant killedAt = Instant.now();
    System.out.printf("ShardedRolloutIT: killed %s (%s) at step 2%n", victim, dead);
    deploymentsRollOut.set(true);

    Waits.await("the rollout complete")
        .atMost(EACH_PHASE)
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> assertThat(everyOn(view, second, COUNT)).as("on it: %s", view.state()).isTrue());
    System.out.printf(
        "ShardedRolloutIT: rollout of %d WebServers complete %d s after the kill%n",
        COUNT, Duration.between(killedAt, Instant.now()).toSeconds());
    background.shutdownNow();
    assertThat(background.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

    List<Sample> during = samples.stream().filter(s -> s.movingTo(second)).toList();
    System.out.printf(
        "ShardedRolloutIT: %d samples during the rollout; marked Deployments by step %s%n",
        during.size(), maxByStep(during));
    assertThat(during).hasSizeGreaterThan(20);
    assertThat(during)
        .allSatisfy(
            s -> {
              int allowed = s.step() >= ALLOWED.size() ? COUNT : ALLOWED.get(s.step());
              assertThat(s.marked())
                  .as("Deployments on the new revision, %s", s)
                  .isLessThanOrEqualTo(allowed);
              assertThat(s.onTarget())
                  .as("statuses on the new revision, %s", s)
                  .isLessThanOrEqualTo(allowed);
            });
    assertThat(during.stream().mapToInt(Sample::step).max().orElse(0))
        .as("steps sampled")
        .isGreaterThanOrEqualTo(ALLOWED.size() - 1);
    for (int i = 0; i < COUNT; i++) {
      GenericKubernetesResource resource = webServers.named(name(i)).get();
      assertThat(ShardLabels.owner(resource)).isPresent().get().isNotEqualTo(dead);
    }
  }

  /**
   * One look from outside: the Deployments and the WebServers read between two reads of the stored
   * state.
   *
   * @param stepBefore the step of the state read first
   * @param stepAfter the step of the state read last; the look is no later than it
   * @param marked Deployments whose pod template carries the mark
   * @param onTarget WebServers whose status names the target
   */
  record Sample(
      String targetBefore,
      String targetAfter,
      RolloutState.Phase phaseAfter,
      int stepBefore,
      int stepAfter,
      int marked,
      int onTarget) {

    boolean movingTo(String hash) {
      return targetBefore.equals(hash) && targetAfter.equals(hash);
    }

    int step() {
      return phaseAfter == RolloutState.Phase.COMPLETE
          ? Integer.MAX_VALUE
          : Math.max(stepBefore, stepAfter);
    }
  }

  private void sample(RolloutView view, List<Sample> samples) {
    try {
      RolloutState before = view.state();
      int marked = marked().size();
      int onTarget =
          view.members().values().stream()
              .filter(m -> m.revision().equals(before.target()))
              .mapToInt(m -> 1)
              .sum();
      RolloutState after = view.state();
      samples.add(
          new Sample(
              before.target(),
              after.target(),
              after.phase(),
              before.step(),
              after.step(),
              marked,
              onTarget));
    } catch (RuntimeException e) {
      // A look that failed (a request refused under load) is left out.
    }
  }

  private static Map<Integer, Integer> maxByStep(List<Sample> samples) {
    Map<Integer, Integer> max = new TreeMap<>();
    samples.forEach(s -> max.merge(s.stepAfter(), s.marked(), Math::max));
    return max;
  }

  /**
   * Whether the rollout to {@code hash} is complete, every WebServer Ready on it, and {@code
   * marked} Deployments carry the mark.
   */
  private boolean everyOn(RolloutView view, String hash, int marked) {
    RolloutState state = view.state();
    if (!state.target().equals(hash) || state.phase() != RolloutState.Phase.COMPLETE) {
      return false;
    }
    var members = view.members();
    return members.size() == COUNT
        && members.values().stream().allMatch(m -> m.revision().equals(hash) && m.ready())
        && marked().size() == marked;
  }

  /** The names of the WebServers whose Deployment carries the mark. */
  private List<String> marked() {
    return cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .list()
        .getItems()
        .stream()
        .filter(d -> "2".equals(podLabels(d).get(MARK)))
        .map(d -> d.getMetadata().getLabels().get("app"))
        .toList();
  }

  private static Map<String, String> podLabels(Deployment deployment) {
    Map<String, String> labels = deployment.getSpec().getTemplate().getMetadata().getLabels();
    return labels == null ? Map.of() : labels;
  }

  /** A member other than the leader that owns one of these WebServers. */
  private String memberOwningOneOf(List<String> names, String leader) {
    List<String> candidates = new ArrayList<>(operators.keySet());
    candidates.remove(leader);
    for (String name : names) {
      String owner = ShardLabels.owner(cluster.webServers().named(name).get()).orElse("");
      for (String candidate : candidates) {
        if (member(candidate).equals(owner)) {
          return candidate;
        }
      }
    }
    throw new AssertionError("no member but the leader owns one of " + names);
  }

  /**
   * Plays the Deployment controller while allowed: every Deployment whose status is behind its spec
   * gets every replica updated and available.
   */
  private void playDeploymentController() {
    if (!deploymentsRollOut.get()) {
      return;
    }
    try {
      for (Deployment deployment :
          cluster.admin().apps().deployments().inNamespace(cluster.namespace()).list().getItems()) {
        var status = deployment.getStatus();
        if (status == null
            || !Objects.equals(
                status.getObservedGeneration(), deployment.getMetadata().getGeneration())) {
          cluster.rollOut(deployment.getMetadata().getLabels().get("app"));
        }
      }
    } catch (RuntimeException e) {
      // Tried again at the next turn.
    }
  }

  private String join(String name) {
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
    return String.format("web-%03d", i);
  }
}
