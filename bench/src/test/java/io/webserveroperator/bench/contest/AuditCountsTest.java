package io.webserveroperator.bench.contest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuditCountsTest {

  private static final String USER = "system:serviceaccount:bench:contender";

  private static String event(String stage, String user, String verb, String resource) {
    return """
        {"kind":"Event","level":"Metadata","stage":"%s","verb":"%s","user":{"username":"%s"},\
        "objectRef":{"resource":"%s","namespace":"bench"},"responseStatus":{"code":201}}"""
        .formatted(stage, verb, user, resource);
  }

  @Test
  void countsTheUsersCompletedRequestsByVerbAndTheEventsApart() {
    AuditCounts counts =
        AuditCounts.none()
            .plus(
                List.of(
                    event("ResponseComplete", USER, "create", "deployments"),
                    event("ResponseComplete", USER, "create", "services"),
                    event("ResponseComplete", USER, "update", "webservers"),
                    event("ResponseComplete", USER, "create", "events"),
                    // A watch logs when its response starts and again when it ends: once.
                    event("ResponseStarted", USER, "watch", "deployments"),
                    event("ResponseComplete", USER, "watch", "deployments"),
                    // Another identity (the operator's controller manager, say) is not the
                    // contender.
                    event(
                        "ResponseComplete", "system:serviceaccount:kube-system:x", "patch", "pods"),
                    "not json"),
                USER);

    assertThat(counts.requests().byVerb())
        .isEqualTo(Map.of("create", 3L, "update", 1L, "watch", 1L));
    assertThat(counts.requests().writes()).isEqualTo(4);
    assertThat(counts.events().byVerb()).isEqualTo(Map.of("create", 1L));
  }

  @Test
  void addsToWhatWasCountedAndSubtractsAnEarlierReading() {
    AuditCounts first =
        AuditCounts.none()
            .plus(List.of(event("ResponseComplete", USER, "patch", "webservers")), USER);
    AuditCounts second =
        first.plus(List.of(event("ResponseComplete", USER, "create", "events")), USER);

    assertThat(second.requests().byVerb()).isEqualTo(Map.of("create", 1L, "patch", 1L));
    assertThat(second.minus(first).requests().byVerb()).isEqualTo(Map.of("create", 1L));
    assertThat(second.minus(first).events().byVerb()).isEqualTo(Map.of("create", 1L));
  }
}
