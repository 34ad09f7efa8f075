package io.webserveroperator.preview;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.Operator;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.status.Reason;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What {@code diff} says a reconcile would do is what the operator then does: one cluster with a
 * resource per scenario (create, update, unchanged, a field left to another manager, create-only,
 * adopt, conflict, prune, keep), planned by {@link DryRunDiff} while no operator runs, then
 * reconciled by one, whose events name every object it changed and how. What becomes of an update
 * the API server refuses (RECREATE, EXPAND_CLAIM, REFUSED) is compared on a full control plane, by
 * {@code StatefulRefusalsIT}.
 */
class RunMatchesDiffIT {

  /** How a reconcile's event names what it did to an object ({@code Change.verb()}). */
  private static final Map<String, Action> VERBS =
      Map.of(
          "Created", Action.CREATE,
          "Updated", Action.UPDATE,
          "Corrected drift of", Action.UPDATE,
          "Adopted", Action.ADOPT,
          "Pruned", Action.PRUNE,
          "Left in place (resource-policy: keep)", Action.ORPHAN);

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("diff-run");

  @Test
  void everyObjectGetsTheActionDiffPlannedForIt() throws IOException, InterruptedException {
    KubernetesClient admin = cluster.admin();
    String namespace = cluster.namespace();
    WebServers postgreses = StatefulKind.addTo(cluster);
    WebServers webServers = cluster.webServers();
    yieldReplicasToAnotherManager(cluster.templates().resolve("watches.yaml"));

    Operator first = cluster.startOperator();
    for (String name : List.of("updated", "same", "pruned", "kept")) {
      postgreses.create(name, Map.of("password", "p", "version", "16"));
    }
    webServers.create("web", Map.of("image", "nginx:1.27", "replicas", 1));
    Waits.untilAsserted(
        () -> {
          assertThat(List.of("updated", "same", "pruned", "kept"))
              .allSatisfy(
                  name ->
                      assertThat(readyReason(postgreses, name))
                          .as("%s's Ready reason", name)
                          .isEqualTo("Ready"));
          assertThat(inventory(webServers, "web")).as("web's inventory").isNotEmpty();
        });
    first.close();

    postgreses.patchSpec("updated", Map.of("version", "17", "password", "changed"));
    postgreses.patchSpec("pruned", Map.of("withConfig", false));
    postgreses.patchSpec("kept", Map.of("withCredentials", false));
    webServers.patchSpec("web", Map.of("replicas", 3));
    postgreses.create("created", Map.of("password", "p", "version", "16"));
    admin
        .configMaps()
        .inNamespace(namespace)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("adopted-config")
                .addToAnnotations("webserver-operator.io/adopt", "true")
                .endMetadata()
                .addToData("version", "15")
                .build())
        .create();
    postgreses.create("adopted", Map.of("password", "p", "version", "16"));
    admin
        .secrets()
        .inNamespace(namespace)
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName("conflicted-credentials")
                .endMetadata()
                .addToStringData("password", "a user's")
                .build())
        .create();
    postgreses.create("conflicted", Map.of("password", "p", "version", "16"));

    Plan plan;
    try (TemplateRegistry templates =
        TemplateRegistry.load(cluster.templates().resolve("watches.yaml"))) {
      plan = new DryRunDiff(admin, templates).diffLive(namespace);
    }
    // What becomes of a refused update (RECREATE, EXPAND_CLAIM, REFUSED): StatefulRefusalsIT.
    assertThat(plan.entries())
        .as("every action planned from rendered and live objects is among the scenarios")
        .extracting(PlanEntry::action)
        .contains(
            Arrays.stream(Action.values())
                .filter(action -> !action.afterRefusal())
                .toArray(Action[]::new));
    assertThat(plan.entries())
        .filteredOn(entry -> entry.ref().name().equals("web-deployment"))
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.action()).isEqualTo(Action.UNCHANGED);
              assertThat(entry.ignored()).isNotEmpty();
            });

    Thread.sleep(1_000); // Events of the second run are created after this instant.
    Instant secondRun = Instant.now().minusMillis(500);
    cluster.startOperator();
    Waits.untilAsserted(
        () -> {
          assertThat(readyReason(postgreses, "conflicted"))
              .as("conflicted's Ready reason")
              .isEqualTo(Reason.OWNERSHIP_CONFLICT.text());
          assertThat(List.of("updated", "pruned", "kept", "created", "adopted"))
              .allSatisfy(
                  name ->
                      assertThat(changedSince(admin, namespace, name, secondRun))
                          .as("what changed of %s since the second run", name)
                          .isNotEmpty());
        });
    // What else the second run would do has been done by now: every other resource is settled.
    Thread.sleep(2_000);

    Map<String, Set<String>> planned = new TreeMap<>();
    Map<String, Set<String>> done = new TreeMap<>();
    for (String resource :
        List.of("updated", "same", "pruned", "kept", "web", "created", "adopted", "conflicted")) {
      planned.put(resource, planned(plan, resource));
      done.put(resource, changedSince(admin, namespace, resource, secondRun));
    }
    assertThat(done).isEqualTo(planned);
    assertThat(readyReason(postgreses, "conflicted"))
        .as("a CONFLICT in the plan")
        .isEqualTo(Reason.OWNERSHIP_CONFLICT.text());
  }

  /** The writes the plan shows for one resource's objects, as {@code ACTION Kind name}. */
  private static Set<String> planned(Plan plan, String resource) {
    Set<String> planned = new TreeSet<>();
    boolean conflict =
        plan.entries().stream()
            .anyMatch(
                entry ->
                    entry.action() == Action.CONFLICT
                        && entry.ref().name().startsWith(resource + "-"));
    for (PlanEntry entry : plan.entries()) {
      if (entry.ref().name().startsWith(resource + "-")
          && entry.action() != Action.UNCHANGED
          && !conflict) {
        planned.add(entry.action() + " " + entry.ref().kind() + " " + entry.ref().name());
      }
    }
    return planned;
  }

  /** What the resource's events since {@code since} say was done, as {@code ACTION Kind name}. */
  private static Set<String> changedSince(
      KubernetesClient admin, String namespace, String resource, Instant since) {
    Set<String> done = new TreeSet<>();
    for (Event event : admin.v1().events().inNamespace(namespace).list().getItems()) {
      String last =
          event.getLastTimestamp() != null
              ? event.getLastTimestamp()
              : event.getMetadata().getCreationTimestamp();
      if (!resource.equals(event.getInvolvedObject().getName())
          || Instant.parse(last).isBefore(since)) {
        continue;
      }
      for (String clause : event.getMessage().split("; ")) {
        VERBS.forEach(
            (verb, action) -> {
              if (clause.startsWith(verb + " ")) {
                for (String object : clause.substring(verb.length() + 1).split(", ")) {
                  String[] kindAndName = object.split(" ");
                  String name = kindAndName[1].substring(kindAndName[1].indexOf('/') + 1);
                  done.add(action + " " + kindAndName[0] + " " + name);
                }
              }
            });
      }
    }
    return done;
  }

  private static String readyReason(WebServers resources, String name) {
    return resources
        .condition(name, "Ready")
        .map(condition -> String.valueOf(condition.get("reason")))
        .orElse("");
  }

  private static List<Map<String, Object>> inventory(WebServers resources, String name) {
    return UntypedMaps.getMaps(resources.status(name), "inventory");
  }

  /** The Deployment's replicas yielded to whoever else sets them: planned and left UNCHANGED. */
  private static void yieldReplicasToAnotherManager(Path watches) throws IOException {
    String text = Files.readString(watches);
    String yielded =
        text.replace(
            "  status: webserver/_status.yaml.j2 # renders status fields from the live children\n",
            "  status: webserver/_status.yaml.j2\n"
                + "  ignoreDifferences:\n"
                + "  - {group: apps, kind: Deployment, jsonPointers: [/spec/replicas]}\n");
    assertThat(yielded).isNotEqualTo(text);
    Files.writeString(watches, yielded);
  }
}
