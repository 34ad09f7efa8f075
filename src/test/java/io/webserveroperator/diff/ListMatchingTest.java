package io.webserveroperator.diff;

import static io.webserveroperator.diff.Fixtures.json;
import static io.webserveroperator.diff.Fixtures.load;
import static io.webserveroperator.diff.Fixtures.rendered;
import static io.webserveroperator.diff.Fixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** List items are matched by their Kubernetes merge key, not by position. */
class ListMatchingTest {

  private final Planner planner = new Planner();

  @Test
  void ingressRulesAreMatchedByHost() {
    PlanEntry entry = planner.compare(rendered("ingress-desired.yaml"), load("ingress-live.yaml"));

    assertThat(entry.patch().operations()).isEmpty();
  }

  @Test
  void changedBackendOfOneHostIsReportedAtItsDesiredPosition() {
    Map<String, Object> ingress = load("ingress-desired.yaml");
    set(ingress, "spec.rules.1.http.paths.0.backend.service.port.name", "https");

    PlanEntry entry = planner.compare(rendered(ingress), load("ingress-live.yaml"));

    assertThat(entry.patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\","
                    + "\"path\":\"/spec/rules/1/http/paths/0/backend/service/port/name\","
                    + "\"value\":\"https\"}]"));
  }

  @Test
  void envVariablesAreMatchedByName() {
    Map<String, Object> desired = load("deployment-desired.yaml");
    Map<String, Object> live = load("deployment-live.yaml");
    set(desired, "spec.template.spec.containers.0.env", env("A", "1", "B", "2"));
    set(live, "spec.template.spec.containers.0.env", env("B", "2", "INJECTED", "x", "A", "1"));

    assertThat(planner.compare(rendered(desired), live).action()).isEqualTo(Action.UNCHANGED);

    set(live, "spec.template.spec.containers.0.env", env("B", "3", "A", "1"));

    assertThat(planner.compare(rendered(desired), live).patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\",\"path\":\"/spec/template/spec/containers/0/env/1/value\","
                    + "\"value\":\"2\"}]"));
  }

  private static List<Object> env(String... namesAndValues) {
    List<Object> env = new ArrayList<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      env.add(Map.of("name", namesAndValues[i], "value", namesAndValues[i + 1]));
    }
    return env;
  }
}
