package io.webserveroperator.controller;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import io.webserveroperator.crd.StatusSchemaCheck;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplatesInvalidException;
import io.webserveroperator.template.UnknownRevisionException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which watched kinds are reconciled: those whose CRD, as the API server serves it, can hold the
 * status the operator writes ({@link StatusSchemaCheck}: the status subresource, the engine's
 * fields and those the kind's status template renders). Without it every status write is lost or
 * cut: no conditions, no inventory, so a renamed child is never pruned, and no one is told. Checked
 * when the operator starts and when the kind's templates reload. A kind that fails is not
 * reconciled (its keys are dropped), with an error in the log and on {@code /readyz} naming the
 * CRD, the version and what to add; the other kinds go on. A kind added to watches.yaml while the
 * operator runs is checked before its workers start. A CRD the operator cannot read (RBAC without
 * get on customresourcedefinitions, a kind no CRD serves) is not held against its kind: a warning
 * says so.
 *
 * <p>Thread-safe: checks run on the starting thread and the template watcher's, admissions on the
 * workers'.
 */
final class KindGate {

  private static final Logger LOG = LoggerFactory.getLogger(KindGate.class);

  private final Function<String, Optional<Map<String, Object>>> crds;
  private final KindResolver kinds;
  private final TemplateRegistry templates;
  private final Map<String, StatusSchemaCheck.Problem> stopped = new ConcurrentHashMap<>();

  /**
   * @param crds reads a CRD by name from the API server; empty when there is none
   */
  KindGate(
      Function<String, Optional<Map<String, Object>>> crds,
      KindResolver kinds,
      TemplateRegistry templates) {
    this.crds = crds;
    this.kinds = kinds;
    this.templates = templates;
  }

  /** Checks the kind's CRD against what its templates now render; returns whether it runs. */
  boolean check(TemplatedKind watch) {
    String key = key(watch.apiVersion(), watch.kind());
    Optional<StatusSchemaCheck.Problem> problem;
    String crd = "";
    try {
      crd = kinds.resolve(watch.apiVersion(), watch.kind()).getPlural() + "." + watch.group();
      String name = crd;
      problem =
          crds.apply(name)
              .flatMap(body -> StatusSchemaCheck.check(body, watch.version(), statusFields(watch)));
    } catch (KubernetesClientException | OperatorException e) {
      LOG.warn(
          "Cannot read the CRD {} of {} to check that it holds the status the operator writes;"
              + " reconciling {} anyway: {}",
          crd,
          watch.kind(),
          watch.kind(),
          e.getMessage());
      problem = Optional.empty();
    }
    if (problem.isPresent()) {
      stopped.put(key, problem.get());
      LOG.error(
          "{}. No {} is reconciled until it can; the other kinds are. Fix the CRD, then restart"
              + " the operator or edit a template of {}.",
          problem.get().describe(),
          watch.kind(),
          watch.kind());
      return false;
    }
    if (stopped.remove(key) != null) {
      LOG.info("The CRD {} holds the status now: reconciling {}", crd, watch.kind());
    }
    return true;
  }

  /** Forgets a kind no longer watched, and why it was not reconciled. */
  void forget(TemplatedKind watch) {
    stopped.remove(key(watch.apiVersion(), watch.kind()));
  }

  /** Whether resources of the kind are reconciled. */
  boolean admits(String apiVersion, String kind) {
    return !stopped.containsKey(key(apiVersion, kind));
  }

  /** For {@code /readyz}: one line per kind not reconciled, why and what to add. */
  List<String> problems() {
    return stopped.values().stream().map(StatusSchemaCheck.Problem::describe).sorted().toList();
  }

  /** The fields the kind's current status template renders; none while its templates fail. */
  private Set<String> statusFields(TemplatedKind watch) {
    try {
      return templates.resolve(watch, Optional.empty(), watch.kind()).statusFields();
    } catch (TemplatesInvalidException | UnknownRevisionException e) {
      return Set.of();
    }
  }

  private static String key(String apiVersion, String kind) {
    return apiVersion + "/" + kind;
  }
}
