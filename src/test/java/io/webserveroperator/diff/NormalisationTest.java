package io.webserveroperator.diff;

import static io.webserveroperator.diff.Fixtures.json;
import static io.webserveroperator.diff.Fixtures.load;
import static io.webserveroperator.diff.Fixtures.remove;
import static io.webserveroperator.diff.Fixtures.rendered;
import static io.webserveroperator.diff.Fixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values the API server rewrites compare equal; values that really differ do not. */
class NormalisationTest {

  private static final String LIMITS = "spec.template.spec.containers.0.resources.limits";
  private static final String REQUESTS = "spec.template.spec.containers.0.resources.requests";

  private final Planner planner = new Planner();
  private final Map<String, Object> deployment = load("deployment-desired.yaml");
  private final Map<String, Object> liveDeployment = load("deployment-live.yaml");

  @Test
  void halfACpuEqualsFiveHundredMillicores() {
    set(deployment, REQUESTS + ".cpu", 0.5);
    set(liveDeployment, REQUESTS + ".cpu", "500m");

    assertThat(compareDeployment().action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void oneGibibyteEqualsItsBytes() {
    set(deployment, LIMITS + ".memory", "1Gi");
    set(liveDeployment, LIMITS + ".memory", "1073741824");

    assertThat(compareDeployment().action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void oneCpuEqualsThousandMillicores() {
    set(deployment, LIMITS + ".cpu", "1000m");
    set(liveDeployment, LIMITS + ".cpu", "1");

    assertThat(compareDeployment().action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void oneCpuAgainstTwoIsAChange() {
    set(deployment, LIMITS + ".cpu", 2);

    assertThat(compareDeployment().patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\","
                    + "\"path\":\"/spec/template/spec/containers/0/resources/limits/cpu\","
                    + "\"value\":2}]"));
  }

  @Test
  void numberWidthsDoNotMatter() {
    set(deployment, "spec.replicas", 2L);
    set(deployment, "spec.template.spec.containers.0.ports.0.containerPort", 8080.0);

    assertThat(compareDeployment().action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void aFractionIsNotRoundedAway() {
    set(deployment, "spec.replicas", 2.5);

    assertThat(compareDeployment().action()).isEqualTo(Action.UPDATE);
  }

  @Test
  void booleanGivenAsStringIsAChange() {
    set(deployment, "spec.template.spec.containers.0.volumeMounts.0.readOnly", "true");

    assertThat(compareDeployment().patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\","
                    + "\"path\":\"/spec/template/spec/containers/0/volumeMounts/0/readOnly\","
                    + "\"value\":\"true\"}]"));
  }

  @Test
  void emptyAnnotationsEqualAbsentOnes() {
    set(deployment, "metadata.annotations", new LinkedHashMap<>());
    remove(liveDeployment, "metadata.annotations");

    assertThat(compareDeployment().action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void zeroValuesTheServerDropsAreNotDrift() {
    set(deployment, "spec.template.spec.containers.0.volumeMounts.0.readOnly", false);
    set(deployment, "spec.template.spec.containers.0.volumeMounts.0.subPath", "");
    remove(liveDeployment, "spec.template.spec.containers.0.volumeMounts.0.readOnly");

    assertThat(compareDeployment().action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void emptyLabelMissingLiveIsDrift() {
    set(deployment, "metadata.labels.tier", "");

    assertThat(compareDeployment().patch().operations())
        .isEqualTo(json("[{\"op\":\"add\",\"path\":\"/metadata/labels/tier\",\"value\":\"\"}]"));
  }

  @Test
  void emptyDirReplacingAnotherVolumeSourceIsAChange() {
    set(
        deployment,
        "spec.template.spec.volumes.0",
        Map.of("name", "content", "emptyDir", Map.of()));

    assertThat(compareDeployment().patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"add\",\"path\":\"/spec/template/spec/volumes/0/emptyDir\","
                    + "\"value\":{}}]"));
  }

  @Test
  void steadyServiceWithDefaultedClusterIpAndAffinityIsUnchanged() {
    PlanEntry entry = planner.compare(rendered("service-desired.yaml"), load("service-live.yaml"));

    assertThat(entry.patch().operations()).isEmpty();
    assertThat(entry.action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void targetPortAsNumberEqualsTargetPortAsText() {
    Map<String, Object> service = load("service-desired.yaml");
    Map<String, Object> live = load("service-live.yaml");
    set(service, "spec.ports.0.targetPort", 80);
    set(live, "spec.ports.0.targetPort", "80");

    assertThat(planner.compare(rendered(service), live).action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void changedServicePortIsAChange() {
    Map<String, Object> service = load("service-desired.yaml");
    set(service, "spec.ports.0.port", 8081);

    PlanEntry entry = planner.compare(rendered(service), load("service-live.yaml"));

    assertThat(entry.action()).isEqualTo(Action.UPDATE);
    assertThat(entry.patch().operations().findValuesAsText("path"))
        .containsExactly("/spec/ports/0");
  }

  @Test
  void secretStringDataEqualsEncodedData() {
    PlanEntry entry = planner.compare(rendered("secret-desired.yaml"), load("secret-live.yaml"));

    assertThat(entry.action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void changedSecretStringDataIsAChange() {
    Map<String, Object> secret = load("secret-desired.yaml");
    set(secret, "stringData.username", "root");

    PlanEntry entry = planner.compare(rendered(secret), load("secret-live.yaml"));

    assertThat(entry.patch().operations())
        .isEqualTo(
            json("[{\"op\":\"replace\",\"path\":\"/data/username\",\"value\":\"cm9vdA==\"}]"));
  }

  @Test
  void unkeyedListOfDifferentLengthIsAChange() {
    set(deployment, "spec.template.spec.containers.0.args", List.of("-g", "daemon off;"));

    assertThat(compareDeployment().patch().operations().findValuesAsText("path"))
        .containsExactly("/spec/template/spec/containers/0/args");
  }

  private PlanEntry compareDeployment() {
    return planner.compare(rendered(deployment), liveDeployment);
  }
}
