package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.kube.ApiRequestCounter;
import io.webserveroperator.kube.KubeClients;
import io.webserveroperator.status.Reason;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.RequestLog;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Template rollouts on a full local control plane (etcd, kube-apiserver, controller manager,
 * scheduler, kwok nodes that make pods Ready at once), with the operator in-process on a copy of
 * the templates that the tests edit as a user would: 20 WebServers of one replica, rolled out in
 * the steps {@code [1, "50%", "100%"]} with a {@value #DEADLINE_SECONDS} s progress deadline.
 *
 * <p>The tests run in order on one cluster and one set of WebServers, each beginning from the
 * converged end of the one before. Every edit gives the Deployment a {@code minReadySeconds} of
 * {@link #MIN_READY}, so that a pod is available 3 s after kwok makes it Ready and every step lasts
 * long enough to be seen from outside, which {@link RolloutSampler} does every 100 ms or so.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RolloutIT {

  static final String NAMESPACE = "rollout-it";
  static final String OPERATOR_NAMESPACE = "rollout-it-system";
  static final int COUNT = 20;
  static final int DEADLINE_SECONDS = 20;

  /** A bad edit pauses once its progress deadline has run out: longer than Waits.TIMEOUT by it. */
  static final Duration PAUSE = Duration.ofSeconds(DEADLINE_SECONDS).plus(Waits.TIMEOUT);

  static final String ROLLOUT =
      "  rollout: {steps: [1, \"50%\", \"100%\"], progressDeadline: "
          + DEADLINE_SECONDS
          + "s, maxUnready: 0}\n";

  /** How long after Ready a pod of the edited Deployments counts as available. */
  static final Duration MIN_READY = Duration.ofSeconds(3);

  /** First in every rollout, although its name is not. */
  static final String CANARY = "ws-13";

  @TempDir static Path temp;
  static LocalCluster cluster;
  static KubernetesClient admin;
  static InProcessOperators operators = new InProcessOperators();

  /** The operator as it starts, and starts again after a restart. */
  static InProcessOperators.Start operatorStart;

  static ApiRequestCounter requests = new ApiRequestCounter();
  static RequestLog requestLog = new RequestLog();
  static Path templates;
  static String deploymentTemplate;
  static Operator operator;
  static WebServers webServers;
  static RolloutView view;

  @BeforeAll
  static void startClusterOperatorAndWebServers() throws IOException {
    LocalClusterBinaries.assumePresent();
    cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .progress(line -> System.out.println("rollout-it: " + line))
                .build());
    admin = cluster.client();
    new FolderApplier(admin, Waits.TIMEOUT).apply(Project.file("crds"));
    for (String namespace : List.of(NAMESPACE, OPERATOR_NAMESPACE)) {
      admin
          .namespaces()
          .resource(
              new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
          .create();
    }
    templates = TemplateFolder.copyKindInto(temp.resolve("templates"), "WebServer");
    // Read when the operator starts, as the rest of watches.yaml.
    Files.writeString(templates.resolve("watches.yaml"), ROLLOUT, StandardOpenOption.APPEND);
    deploymentTemplate = Files.readString(templates.resolve("webserver/deployment.yaml.j2"));
    operatorStart =
        operators
            .on(cluster.kubeconfigPath(), templates, NAMESPACE)
            .client(countedClient())
            .requests(requests)
            .resync(Duration.ofSeconds(1))
            .options(options -> options.workers(4).operatorNamespace(OPERATOR_NAMESPACE));
    operator = operatorStart.start();
    webServers = new WebServers(admin, NAMESPACE);
    view = new RolloutView(admin, OPERATOR_NAMESPACE, NAMESPACE);
    for (String name : names()) {
      var resource = webServers.build(name, Map.of("image", "nginx", "replicas", 1));
      if (name.equals(CANARY)) {
        resource.getMetadata().setLabels(Map.of(RolloutOrder.CANARY_LABEL, "true"));
      }
      admin.genericKubernetesResources(WebServers.KIND).resource(resource).create();
    }
    RolloutState first = awaitConverged(view.state().target());
    assertThat(first.number()).as("the templates the operator started with").isEqualTo(1);
  }

  @AfterAll
  static void stop() throws Exception {
    Closing.inOrder(operators, cluster);
  }

  @Test
  @Order(1)
  void goodEditReachesOneWebServerThenHalfThenAll() {
    RolloutState before = awaitConverged(view.state().target());
    int logged = requestLog.requests().size();
    Instant edited = Instant.now();
    List<RolloutSampler.Sample> samples;
    RolloutState done;
    try (RolloutSampler sampler = RolloutSampler.start(view)) {
      writeDeployment(1, false);
      String target = awaitNewRevision(before);
      done = awaitConverged(target);
      samples = movingTo(sampler, target);
    }

    assertThat(done.number()).isEqualTo(before.number() + 1);
    assertStepsAllowed(samples, done.target(), new int[] {1, 10, 20}, Set.of());
    assertThat(samples)
        .as("a moment when the canary alone was on the new revision")
        .anySatisfy(sample -> assertThat(sample.on(done.target())).containsExactly(CANARY));
    assertThat(samples)
        .as("a moment when half at most, but more than one, were on it")
        .anySatisfy(sample -> assertThat(sample.on(done.target()).size()).isBetween(2, 10));
    int mostRolling =
        samples.stream().mapToInt(RolloutSampler.Sample::deploymentsRolling).max().orElse(0);
    assertThat(mostRolling).as("Deployments rolling at once").isBetween(1, 10);
    // Health-gated: a step is done once its pods are available, MIN_READY after they are Ready;
    // the API server keeps that Ready time in whole seconds, so up to a second less. Without the
    // gate a step would last about one rollout tick (1 s).
    Duration gated = MIN_READY.minusSeconds(1);
    Map<Integer, Instant> stepStarted = new TreeMap<>();
    samples.forEach(sample -> stepStarted.put(sample.after().step(), sample.after().stepStarted()));
    assertThat(stepStarted).as("when each step began").containsOnlyKeys(0, 1, 2);
    Duration first = Duration.between(stepStarted.get(0), stepStarted.get(1));
    Duration second = Duration.between(stepStarted.get(1), stepStarted.get(2));
    assertThat(first).as("step 1").isGreaterThanOrEqualTo(gated);
    assertThat(second).as("step 2").isGreaterThanOrEqualTo(gated);

    Map<String, Long> writes = revisionWrites(logged);
    assertThat(writes)
        .as("writes of revision ConfigMaps by HTTP method over a 3-step rollout")
        .containsEntry("POST", 1L)
        .containsOnlyKeys("POST", "PATCH");
    assertThat(writes.get("PATCH")).isBetween(1L, 3L + 2);

    report("good edit", edited, samples, done.target());
    System.out.printf(
        "rollout-it: good edit: steps 1 and 2 lasted %.1f s and %.1f s; at most %d Deployments"
            + " rolling at once; revision ConfigMap writes %s%n",
        seconds(first), seconds(second), mostRolling, writes);
  }

  @Test
  @Order(2)
  void badEditPausesAfterItsFirstStepAndAFixResumes() {
    RolloutState good = awaitConverged(view.state().target());
    Instant edited = Instant.now();
    writeDeployment(2, true);
    String bad = awaitNewRevision(good);
    RolloutState paused =
        Waits.until(
            Waits.await("the rollout paused").atMost(PAUSE).pollInterval(Duration.ofMillis(200)),
            view::state,
            state -> state.phase() == RolloutState.Phase.PAUSED);
    Duration tookToPause = Duration.between(edited, Instant.now());

    assertThat(tookToPause).as("time to pause").isGreaterThan(Duration.ofSeconds(DEADLINE_SECONDS));
    assertThat(paused.target()).isEqualTo(bad);
    assertThat(paused.from()).isEqualTo(good.target());
    assertThat(paused.step()).as("the first step").isZero();
    assertThat(paused.failed()).containsExactly(NAMESPACE + "/" + CANARY);
    Quiet.holds(
        Duration.ofSeconds(3),
        () -> {
          assertThat(view.state()).isEqualTo(paused);
          Map<String, RolloutView.Member> members = view.members();
          assertThat(revisionsOf(members))
              .as("revision of each WebServer while paused")
              .isEqualTo(expected(name -> name.equals(CANARY) ? bad : good.target()));
          assertThat(members.get(CANARY).ready()).as("whether the failed one is Ready").isFalse();
          assertThat(members)
              .allSatisfy(
                  (name, member) -> {
                    if (!name.equals(CANARY)) {
                      assertThat(member.ready()).as("%s is Ready", name).isTrue();
                    }
                  });
        });
    Waits.untilAsserted(
        () -> assertThat(webServers.warnings(CANARY)).contains(Reason.ROLLOUT_PAUSED.text()));
    System.out.printf("rollout-it: bad edit paused %.1f s after the edit%n", seconds(tookToPause));

    Instant fixed = Instant.now();
    writeDeployment(3, false);
    String fix = awaitNewRevision(paused);
    RolloutState done = awaitConverged(fix);
    assertThat(done.number()).isEqualTo(paused.number() + 1);
    System.out.printf(
        "rollout-it: fix converged %.1f s after the edit%n",
        seconds(Duration.between(fixed, Instant.now())));
  }

  @Test
  @Order(3)
  void restartedOperatorCarriesOnWithTheRolloutItFinds() {
    RolloutState before = awaitConverged(view.state().target());
    List<RolloutSampler.Sample> afterRestart;
    RolloutState atClose;
    RolloutState done;
    int revisions;
    int logged;
    try (RolloutSampler sampler = RolloutSampler.start(view)) {
      writeDeployment(4, false);
      String target = awaitNewRevision(before);
      Waits.until(
          Waits.await("the rollout's first step").pollInterval(Duration.ofMillis(50)),
          view::state,
          state -> state.target().equals(target) && state.step() >= 1);
      operator.close();
      atClose = view.state();
      revisions = view.revisions().size();
      assertThat(atClose.phase())
          .as("the rollout stopped midway (else this test proves nothing)")
          .isEqualTo(RolloutState.Phase.PROGRESSING);
      int startedAt = sampler.samples().size();
      logged = requestLog.requests().size();
      operator = operatorStart.start();
      done = awaitConverged(target);
      List<RolloutSampler.Sample> all = sampler.samples();
      afterRestart = all.subList(startedAt, all.size());
    }

    assertThat(done.target()).isEqualTo(atClose.target());
    assertThat(done.number()).as("revision number after the restart").isEqualTo(atClose.number());
    assertThat(view.revisions()).as("stored revisions").hasSize(revisions);
    assertThat(revisionWrites(logged)).as("revision ConfigMaps written").doesNotContainKey("POST");
    assertThat(afterRestart)
        .as("steps seen after the restart")
        .allSatisfy(sample -> assertThat(sample.step()).isGreaterThanOrEqualTo(atClose.step()));
    System.out.printf(
        "rollout-it: restarted at step %d of revision %d (%d WebServers on it); carried on to"
            + " COMPLETE%n",
        atClose.step() + 1, atClose.number(), afterRestart.get(0).on(atClose.target()).size());
  }

  @Test
  @Order(4)
  void pinnedWebServersStayOnTheirRevisionUntilUnpinned() {
    RolloutState before = awaitConverged(view.state().target());
    String old = before.target();
    Instant edited;
    Map<String, String> pins = Map.of("ws-05", old, "ws-06", Integer.toString(before.number()));
    pins.forEach(RolloutIT::pin);
    List<RolloutSampler.Sample> samples;
    RolloutState done;
    try (RolloutSampler sampler = RolloutSampler.start(view)) {
      edited = Instant.now();
      writeDeployment(5, false);
      String target = awaitNewRevision(before);
      done = awaitConverged(target, pins.keySet());
      samples = movingTo(sampler, target);
    }

    assertThat(revisionsOf(view.members()))
        .isEqualTo(expected(name -> pins.containsKey(name) ? old : done.target()));
    assertThat(view.members()).allSatisfy((name, member) -> assertThat(member.ready()).isTrue());
    // 18 move: 1, then 9, then 18; the pinned ones never.
    assertStepsAllowed(samples, done.target(), new int[] {1, 9, 18}, pins.keySet());

    report("edit with two pinned", edited, samples, done.target());

    pin("ws-06", "999");
    webServers.awaitReadyFalse(
        "ws-06", "RevisionNotFound", "999", before.number() + " (" + old + ")");
    assertThat(view.members().get("ws-06").revision()).as("what ws-06 last applied").isEqualTo(old);

    pins.keySet().forEach(name -> pin(name, null));
    awaitConverged(done.target());
  }

  @Test
  @Order(5)
  void steadyStateAfterARolloutSendsNoRequest() {
    awaitConverged(view.state().target());
    Map<String, Long> settled = Quiet.settled(requests::snapshot, Duration.ofSeconds(2));
    List<RolloutView.Revision> revisions = view.revisions();

    Quiet.holds(
        Duration.ofSeconds(5),
        () ->
            assertThat(requests.snapshot())
                .as("requests by verb, with a rollout tick each second and a resync each second")
                .isEqualTo(settled));
    assertThat(view.revisions()).as("stored revisions").isEqualTo(revisions);
  }

  private static void assertStepsAllowed(
      List<RolloutSampler.Sample> samples, String target, int[] allowed, Set<String> pinned) {
    assertThat(samples).as("samples of the rollout").hasSizeGreaterThan(10);
    for (RolloutSampler.Sample sample : samples) {
      int step = sample.step();
      int most = step < allowed.length ? allowed[step] : allowed[allowed.length - 1];
      assertThat(sample.on(target))
          .as(
              "WebServers on the target when the stored step was %s to %s",
              sample.before(), sample.after())
          .hasSizeLessThanOrEqualTo(most)
          .noneMatch(pinned::contains);
    }
  }

  /** The samples of the move to {@code target}, once the sampler has seen it COMPLETE. */
  private static List<RolloutSampler.Sample> movingTo(RolloutSampler sampler, String target) {
    Waits.until(
        "the samples of the move to " + target,
        () -> sampler.samples().stream().filter(sample -> sample.movingTo(target)).toList(),
        samples ->
            samples.stream()
                .anyMatch(sample -> sample.before().phase() == RolloutState.Phase.COMPLETE));
    return sampler.samples().stream().filter(sample -> sample.movingTo(target)).toList();
  }

  /** Prints when each step began and how many WebServers were on the target then. */
  private static void report(
      String what, Instant edited, List<RolloutSampler.Sample> samples, String target) {
    Map<String, String> firstSeen = new LinkedHashMap<>();
    for (RolloutSampler.Sample sample : samples) {
      RolloutState state = sample.after();
      String key =
          state.phase() == RolloutState.Phase.COMPLETE
              ? "COMPLETE"
              : "step " + (state.step() + 1) + " " + state.phase();
      firstSeen.putIfAbsent(
          key,
          String.format(
              "%.1f s (%d on it)",
              seconds(Duration.between(edited, sample.at())), sample.on(target).size()));
    }
    List<Long> intervals =
        IntStream.range(1, samples.size())
            .mapToObj(
                i -> Duration.between(samples.get(i - 1).at(), samples.get(i).at()).toMillis())
            .sorted()
            .toList();
    System.out.printf(
        "rollout-it: %s: first seen after the edit: %s; %d samples, %d ms apart (median; %d ms"
            + " at most)%n",
        what,
        firstSeen,
        samples.size(),
        intervals.get(intervals.size() / 2),
        intervals.get(intervals.size() - 1));
  }

  /** Waits for the revision after {@code before}, and returns its hash. */
  private static String awaitNewRevision(RolloutState before) {
    return Waits.until(
            Waits.await("a new revision").pollInterval(Duration.ofMillis(50)),
            view::state,
            state -> state.number() > before.number())
        .target();
  }

  private static RolloutState awaitConverged(String target) {
    return awaitConverged(target, Set.of());
  }

  /**
   * Waits until the move to {@code target} is complete and every WebServer but {@code pinned} is on
   * it and Ready.
   */
  private static RolloutState awaitConverged(String target, Set<String> pinned) {
    Waits.await("the rollout to " + target + " complete")
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> {
              RolloutState state = view.state();
              assertThat(state.target()).isEqualTo(target);
              assertThat(state.phase()).isEqualTo(RolloutState.Phase.COMPLETE);
              Map<String, RolloutView.Member> members = view.members();
              assertThat(members).hasSize(COUNT);
              members.forEach(
                  (name, member) -> {
                    if (!pinned.contains(name)) {
                      assertThat(member.revision()).as("revision of %s", name).isEqualTo(target);
                      assertThat(member.ready()).as("%s is Ready", name).isTrue();
                    }
                  });
            });
    return view.state();
  }

  /**
   * Writes the Deployment template of edit {@code edit}: the project's, with a pod label naming the
   * edit (which rolls the pods), {@code minReadySeconds: 3}, and, when {@code unschedulable}, a
   * node selector no node matches. Moved into place whole, so that a reload never reads half a
   * file.
   */
  private static void writeDeployment(int edit, boolean unschedulable) {
    String text =
        replaceOnce(
            deploymentTemplate,
            "\nspec:\n",
            "\nspec:\n  minReadySeconds: " + MIN_READY.toSeconds() + "\n");
    text =
        replaceOnce(
            text,
            "\n        app: {{ name }}\n",
            "\n        app: {{ name }}\n        rollout-it/edit: \"" + edit + "\"\n");
    if (unschedulable) {
      text =
          replaceOnce(
              text,
              "\n    spec:\n",
              "\n    spec:\n      nodeSelector:\n        rollout-it/no-such-node: \"true\"\n");
    }
    try {
      Path staged = Files.writeString(temp.resolve("deployment.yaml.j2"), text);
      Files.move(
          staged,
          templates.resolve("webserver/deployment.yaml.j2"),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String replaceOnce(String text, String find, String replacement) {
    int at = text.indexOf(find);
    assertThat(at).as("where %s is in the Deployment template", find).isNotNegative();
    assertThat(text.indexOf(find, at + 1)).as("%s once only", find).isNegative();
    return text.substring(0, at) + replacement + text.substring(at + find.length());
  }

  /** Sets the pin annotation of a WebServer, or removes it when {@code revision} is null. */
  private static void pin(String name, String revision) {
    Map<String, Object> annotations = new HashMap<>();
    annotations.put(Rollouts.PIN_ANNOTATION, revision);
    webServers
        .named(name)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            admin
                .getKubernetesSerialization()
                .asJson(Map.of("metadata", Map.of("annotations", annotations))));
  }

  /** Writes of the revision ConfigMaps since the {@code since}th request, by HTTP method. */
  private static Map<String, Long> revisionWrites(int since) {
    List<RequestLog.Request> all = requestLog.requests();
    return all.subList(since, all.size()).stream()
        .filter(RequestLog.Request::isWrite)
        .filter(
            request -> request.uri().contains("/namespaces/" + OPERATOR_NAMESPACE + "/configmaps"))
        .collect(
            Collectors.groupingBy(RequestLog.Request::method, TreeMap::new, Collectors.counting()));
  }

  private static Map<String, String> revisionsOf(Map<String, RolloutView.Member> members) {
    Map<String, String> revisions = new TreeMap<>();
    members.forEach((name, member) -> revisions.put(name, member.revision()));
    return revisions;
  }

  private static Map<String, String> expected(Function<String, String> revision) {
    Map<String, String> revisions = new TreeMap<>();
    names().forEach(name -> revisions.put(name, revision.apply(name)));
    return revisions;
  }

  private static List<String> names() {
    return IntStream.range(0, COUNT).mapToObj(i -> String.format("ws-%02d", i)).toList();
  }

  private static double seconds(Duration duration) {
    return duration.toMillis() / 1000.0;
  }

  /**
   * A client as the operator's own ({@code KubeClients}), whose every request is counted by verb
   * and logged, so that writes of the revision ConfigMaps can be told apart.
   */
  private static KubernetesClient countedClient() {
    Config config = cluster.config();
    config.setMaxConcurrentRequests(256);
    config.setMaxConcurrentRequestsPerHost(256);
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientFactory(KubeClients.httpClients())
        .withHttpClientBuilderConsumer(
            http -> {
              http.addOrReplaceInterceptor("request-counter", requests);
              http.addOrReplaceInterceptor("request-log", requestLog);
            })
        .build();
  }
}
