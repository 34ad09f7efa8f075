package io.webserveroperator.bench.contest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.webserveroperator.bench.OperatorCommand;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code bench scale --peer} end to end at a small count: the three contenders, each on its own
 * etcd and kube-apiserver. Needs the tutorial's Go operator built by {@code hack/peer-go.sh} (3 to
 * 15 minutes on 2 cores, too long for every build), so it asks the script for a cached binary only
 * and is skipped, saying how to build it, when there is none.
 */
class ContestIT {

  private static final int COUNT = 10;
  private Path peer;

  @BeforeEach
  void cachedPeer() throws IOException, InterruptedException {
    Process script =
        new ProcessBuilder(Project.file("hack/peer-go.sh").toString(), "--cached")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assumeTrue(
        script.waitFor(30, TimeUnit.SECONDS) && script.exitValue() == 0,
        "The tutorial's Go operator is not built: run hack/peer-go.sh once (3 to 15 minutes) for"
            + " ContestIT to run.");
    peer = Path.of(out);
    assumeTrue(
        KubeBinaries.forBuildVersion().missing().stream()
            .noneMatch(b -> b.equals("etcd") || b.equals("kube-apiserver")),
        "etcd or kube-apiserver is missing; run hack/kube-binaries.sh.");
  }

  @Test
  void measuresEveryContenderAlikeOnItsOwnApiServer() throws IOException {
    Path logs = Files.createDirectories(Project.file("bench/target/contest-it"));
    ContestOptions options =
        new ContestOptions(
            COUNT,
            List.of(1),
            4,
            4,
            Duration.ofHours(10),
            5,
            Duration.ofSeconds(2),
            peer,
            OperatorCommand.jvm("512m", List.of()),
            Project.file("target/webserver-operator.jar"),
            Project.file("templates"),
            Project.file("crds"),
            KubeBinaries.forBuildVersion(),
            logs);

    ContestReport report = new ContestBenchmark(options, line -> {}).run();

    assertThat(report.runs())
        .extracting(ContestRun::contender)
        .containsExactly("tutorial Go operator", "minimal writer", "webserver-operator");
    ContestRun go = report.runs().get(0);
    ContestRun minimal = report.runs().get(1);
    ContestRun ours = report.runs().get(2);
    // Creates of both children and a status write each. The tutorial's Update may meet a conflict,
    // and its Get reads a cache, so a child created a moment ago may be created again (409).
    assertThat(go.storm().requests().requests().count("create")).isGreaterThanOrEqualTo(2L * COUNT);
    assertThat(go.storm().requests().requests().count("update")).isGreaterThanOrEqualTo(COUNT);
    assertThat(minimal.storm().requests().requests().byVerb()).containsEntry("patch", 3L * COUNT);
    assertThat(writesBesideEvents(ours.storm())).isEqualTo(3L * COUNT);
    // The change on all converged (ConvergedWatch fails the run otherwise) by writing the
    // Deployment
    // and the status again: an update of each for the Go operator, an apply and a status patch for
    // the others; none creates anything but webserver-operator's Events.
    assertThat(go.changeOnAll().requests().requests().count("update"))
        .isGreaterThanOrEqualTo(2L * COUNT);
    assertThat(minimal.changeOnAll().requests().requests().byVerb())
        .isEqualTo(Map.of("patch", 2L * COUNT));
    assertThat(writesBesideEvents(ours.changeOnAll())).isEqualTo(2L * COUNT);
    for (ContestRun run : report.runs()) {
      assertThat(run.changeOnAll().converged()).isPositive();
      assertThat(run.changeOnAll().benchmarkCpu()).isPositive();
      assertThat(
              run.changeOnAll().requests().requests().count("create")
                  - run.changeOnAll().requests().events().count("create"))
          .as(run.contender())
          .isZero();
    }
    for (ContestRun operator : List.of(go, ours)) {
      assertThat(operator.storm().operatorCpu()).isPresent();
      assertThat(operator.changeOnAll().operatorCpu())
          .hasValueSatisfying(cpu -> assertThat(cpu).isPositive());
      assertThat(operator.rssBytes()).isPositive();
      assertThat(operator.changes())
          .hasValueSatisfying(c -> assertThat(c.seen()).isEqualTo(c.sent()));
    }
    assertThat(minimal.storm().operatorCpu()).isEmpty();
    assertThat(minimal.changeOnAll().operatorCpu()).isEmpty();
    assertThat(minimal.changes()).isEmpty();
    assertThat(ContestFormat.table(report))
        .contains("tutorial Go operator", "webserver-operator", "changed on all");
  }

  private static long writesBesideEvents(ContestRun.Phase phase) {
    return phase.requests().requests().writes() - phase.requests().events().writes();
  }
}
