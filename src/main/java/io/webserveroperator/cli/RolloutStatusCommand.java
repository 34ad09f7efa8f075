package io.webserveroperator.cli;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.cli.options.ClusterOptions;
import io.webserveroperator.cli.options.OperatorNameOption;
import io.webserveroperator.cli.options.OperatorNamespaceOption;
import io.webserveroperator.cli.options.TemplatesOption;
import io.webserveroperator.controller.ResourceAnnotations;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.rollout.RolloutMember;
import io.webserveroperator.rollout.RolloutState;
import io.webserveroperator.rollout.StoredKind;
import io.webserveroperator.rollout.StoredRevision;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rollout status}: where each kind's move to its newest template revision stands, read from
 * the revisions the operator stores ({@link RevisionStore}) and the kind's resources, one list
 * request each; nothing is written. The exit code says the worst phase, as {@code kubectl rollout
 * status} fails for a Deployment that does not progress.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description =
        "Show where each kind's rollout of its newest template revision stands: the step, the"
            + " resources on each revision, the pinned ones and, when paused, those not Ready.",
    exitCodeOnInvalidInput = RolloutStatusCommand.FAILED,
    exitCodeOnExecutionException = RolloutStatusCommand.FAILED,
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:Every rollout is complete.",
      "1:A rollout is progressing, none is paused.",
      "2:A rollout is paused: it waits for a template edit.",
      "3:An error, or no stored revision of the kind; see stderr."
    })
final class RolloutStatusCommand implements Callable<Integer> {

  static final int COMPLETE = 0;
  static final int PROGRESSING = 1;
  static final int PAUSED = 2;
  static final int FAILED = 3;

  @Spec CommandSpec spec;

  @Mixin TemplatesOption templates;

  @Mixin ClusterOptions cluster;

  @Mixin OperatorNameOption operatorName;

  @Mixin OperatorNamespaceOption operator;

  @Option(
      names = "--kind",
      paramLabel = "KIND",
      description = "Only this kind, e.g. WebServer (default: every kind with stored revisions).")
  String kind;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      description = "Count only the resources in this namespace (default: all namespaces).")
  String namespace;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<KindRollout> kinds;
    String operatorNamespace;
    try (KubernetesClient client = cluster.client(null)) {
      operatorNamespace = operator.namespace(client);
      kinds =
          read(
              client,
              new RevisionStore(client, operatorNamespace, operatorName.name()),
              localWatches(err));
    }
    if (kinds.isEmpty()) {
      err.println(
          "rollout status: no template revision"
              + (kind == null ? "" : " of " + kind)
              + " of the operator "
              + operatorName.name()
              + " is stored in namespace "
              + operatorNamespace
              + ": it has not led there yet, keeps them in another namespace"
              + " (--operator-namespace: its POD_NAMESPACE) or runs under another name (--name).");
      err.flush();
      return FAILED;
    }
    out.print(RolloutStatusPrinter.print(kinds, Clock.systemUTC().instant()));
    out.flush();
    return exitCode(kinds);
  }

  /** The worst phase of any kind: paused, then progressing; a kind without a state fails. */
  static int exitCode(List<KindRollout> kinds) {
    int worst = COMPLETE;
    for (KindRollout rollout : kinds) {
      int code =
          rollout
              .state()
              .map(RolloutState::phase)
              .map(
                  phase ->
                      switch (phase) {
                        case COMPLETE -> COMPLETE;
                        case PROGRESSING -> PROGRESSING;
                        case PAUSED -> PAUSED;
                      })
              .orElse(FAILED);
      worst = Math.max(worst, code);
    }
    return worst;
  }

  private List<KindRollout> read(
      KubernetesClient client, RevisionStore store, List<TemplatedKind> local) {
    KindResolver resolver = new KindResolver(client);
    List<KindRollout> kinds = new ArrayList<>();
    Map<StoredKind, List<StoredRevision>> stored = store.listEveryKind();
    for (Map.Entry<StoredKind, List<StoredRevision>> entry : stored.entrySet()) {
      StoredKind storedKind = entry.getKey();
      if (kind != null && !kind.equals(storedKind.kind())) {
        continue;
      }
      Optional<TemplatedKind> watch =
          local.stream()
              .filter(w -> w.kind().equals(storedKind.kind()))
              .filter(w -> w.group().equals(storedKind.group()))
              .findFirst();
      String apiVersion =
          watch.map(TemplatedKind::apiVersion).orElseGet(() -> servedVersion(client, storedKind));
      ResourceDefinitionContext resources = resolver.resolve(apiVersion, storedKind.kind());
      kinds.add(
          new KindRollout(
              storedKind,
              watch.flatMap(TemplatedKind::rollout),
              entry.getValue(),
              list(client, resources).stream()
                  .map(r -> RolloutMember.of(r, ResourceAnnotations.disabled(r)))
                  .toList()));
    }
    return kinds;
  }

  private List<GenericKubernetesResource> list(
      KubernetesClient client, ResourceDefinitionContext resources) {
    var operation = client.genericKubernetesResources(resources);
    return namespace == null || !resources.isNamespaceScoped()
        ? operation.inAnyNamespace().list().getItems()
        : operation.inNamespace(namespace).list().getItems();
  }

  /** The version the API server prefers for a kind that the local watches.yaml does not list. */
  private static String servedVersion(KubernetesClient client, StoredKind kind) {
    if (kind.group().isEmpty()) {
      return "v1";
    }
    APIGroup group = client.getApiGroup(kind.group());
    if (group == null || group.getPreferredVersion() == null) {
      throw new OperatorException(
          "The API server does not serve the group "
              + kind.group()
              + " of "
              + kind.kind()
              + ", whose template revisions are stored: install its CRD.");
    }
    return group.getPreferredVersion().getGroupVersion();
  }

  /**
   * The kinds of the local watches.yaml, for their rollout policies; none when there is no such
   * file, or it cannot be read (said on stderr): steps are then shown without the policy.
   */
  private List<TemplatedKind> localWatches(PrintWriter err) {
    if (!Files.isRegularFile(templates.watches())) {
      return List.of();
    }
    try (TemplateRegistry registry = TemplateRegistry.load(templates.watches())) {
      return registry.watches();
    } catch (OperatorException e) {
      err.println("rollout status: steps shown without the policy: " + e.getMessage());
      return List.of();
    }
  }
}
