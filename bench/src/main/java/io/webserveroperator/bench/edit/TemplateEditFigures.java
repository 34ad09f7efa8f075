package io.webserveroperator.bench.edit;

import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What one template edit measured: the edit makes every WebServer's Deployment change, and the
 * operator moves every WebServer to the new revision, at once or in the steps of a rollout policy.
 * Times count from the edit of the template file.
 *
 * @param policy the kind's rollout policy as the operator read it from watches.yaml; empty when
 *     every WebServer moves at once
 * @param before what brought the WebServers where the edit found them, every one Ready
 * @param webServers the WebServers that moved: every one in the namespace, the warm-up's included
 * @param stored until the benchmark saw the new revision's ConfigMap
 * @param allOnRevision until every WebServer's status named the new revision for its spec
 * @param allReady until every one was also Ready: its Deployment rolled out and available
 * @param complete until the revision's stored state said the rollout was complete
 * @param steps each step of the policy the benchmark saw, in order
 * @param maxRolling the most Deployments rolling at once (spec changed, not yet available)
 * @param requests the operator's requests from the edit until they stopped growing
 * @param revisionCreates stored revisions (ConfigMaps) created, as the benchmark's watch saw them
 * @param revisionChanges stored revisions changed: rollout states recorded
 * @param reconciles the operator's reconciles in the phase
 * @param controllerWrites the simulated Deployment controller's status writes in the phase
 * @param cpu the CPU every process spent in the phase
 * @param steady the operator's requests over the quiet period after the phase
 * @param revision the new revision's hash
 * @param tallies how many WebServers were on the new revision, and Ready on it, from the edit until
 *     every one was Ready: the curves of {@link RevisionPlot}
 */
public record TemplateEditFigures(
    Optional<RolloutPolicy> policy,
    Preparation before,
    int webServers,
    Duration stored,
    Duration allOnRevision,
    Duration allReady,
    Duration complete,
    List<RolloutTimeline.Step> steps,
    int maxRolling,
    RequestCounts requests,
    long revisionCreates,
    long revisionChanges,
    long reconciles,
    long controllerWrites,
    CpuTimes cpu,
    RequestCounts steady,
    String revision,
    List<RevisionTally> tallies) {

  public TemplateEditFigures {
    steps = List.copyOf(steps);
    tallies = List.copyOf(tallies);
  }

  /**
   * What happened before the edit, not measured with it.
   *
   * @param what in words: the simulated controller's first rollouts, or the operator's restart
   * @param elapsed how long it took until every WebServer was Ready and the operator quiet
   * @param requests the operator's requests meanwhile
   * @param controllerWrites the simulated Deployment controller's writes meanwhile
   */
  public record Preparation(
      String what, Duration elapsed, RequestCounts requests, long controllerWrites) {}
}
