package io.webserveroperator.diff;

import static io.webserveroperator.diff.Fixtures.get;
import static io.webserveroperator.diff.Fixtures.json;
import static io.webserveroperator.diff.Fixtures.load;
import static io.webserveroperator.diff.Fixtures.rendered;
import static io.webserveroperator.diff.Fixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Comparing one Deployment with its live copy: steady state is quiet, drift shows. */
class PlannerTest {

  private final Planner planner = new Planner();
  private final Map<String, Object> desired = load("deployment-desired.yaml");
  private final Map<String, Object> live = load("deployment-live.yaml");

  @Test
  void steadyDeploymentWithServerDefaultsIsUnchanged() {
    PlanEntry entry = planner.compare(rendered(desired), live);

    assertThat(entry.patch().operations()).isEmpty();
    assertThat(entry.action()).isEqualTo(Action.UNCHANGED);
    assertThat(entry.live()).isEqualTo(live);
    assertThat(entry.desired()).isEqualTo(desired);
    assertThat(entry.template()).isEqualTo("deployment.yaml.j2");
  }

  @Test
  void replicasChangeIsExactlyOneReplace() {
    set(desired, "spec.replicas", 3);

    PlanEntry entry = planner.compare(rendered(desired), live);

    assertThat(entry.action()).isEqualTo(Action.UPDATE);
    assertThat(entry.patch().operations())
        .isEqualTo(json("[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]"));
  }

  @Test
  void imageChangeReplacesTheImage() {
    set(desired, "spec.template.spec.containers.0.image", "nginx:1.27.4");

    PlanEntry entry = planner.compare(rendered(desired), live);

    assertThat(entry.patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\",\"path\":\"/spec/template/spec/containers/0/image\","
                    + "\"value\":\"nginx:1.27.4\"}]"));
  }

  @Test
  void addedContainerIsAddedWhole() {
    containers(desired).add(container("exporter", "nginx/nginx-prometheus-exporter:1.4"));

    PlanEntry entry = planner.compare(rendered(desired), live);

    assertThat(entry.action()).isEqualTo(Action.UPDATE);
    assertThat(entry.patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"add\",\"path\":\"/spec/template/spec/containers/1\",\"value\":"
                    + "{\"name\":\"exporter\",\"image\":\"nginx/nginx-prometheus-exporter:1.4\"}}]"));
  }

  @Test
  void containerInjectedByAnotherManagerIsNotDrift() {
    containers(live).add(0, container("istio-proxy", "istio/proxyv2:1.24.2"));

    assertThat(planner.compare(rendered(desired), live).action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void labelRemovedFromLiveIsDrift() {
    labels(live).remove("app.kubernetes.io/name");

    PlanEntry entry = planner.compare(rendered(desired), live);

    assertThat(entry.action()).isEqualTo(Action.UPDATE);
    assertThat(entry.patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"add\",\"path\":\"/metadata/labels/app.kubernetes.io~1name\","
                    + "\"value\":\"web\"}]"));
  }

  @Test
  void labelChangedInLiveIsDrift() {
    labels(live).put("app.kubernetes.io/managed-by", "helm");

    assertThat(planner.compare(rendered(desired), live).patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\",\"path\":\"/metadata/labels/app.kubernetes.io~1managed-by\","
                    + "\"value\":\"webserver-operator\"}]"));
  }

  @Test
  void defaultedFieldTheTemplateSetsDifferentlyIsDrift() {
    set(desired, "spec.template.spec.containers.0.imagePullPolicy", "Always");

    assertThat(planner.compare(rendered(desired), live).patch().operations())
        .isEqualTo(
            json(
                "[{\"op\":\"replace\",\"path\":\"/spec/template/spec/containers/0/imagePullPolicy\","
                    + "\"value\":\"Always\"}]"));
  }

  @Test
  void liveVolumeMountsInAnotherOrderAreMatchedByMountPath() {
    List<Object> mounts = new ArrayList<>();
    mounts.add(Map.of("name", "cache", "mountPath", "/var/cache/nginx"));
    mounts.add(get(desired, "spec.template.spec.containers.0.volumeMounts.0"));
    set(desired, "spec.template.spec.containers.0.volumeMounts", mounts);
    List<Object> liveMounts = new ArrayList<>();
    liveMounts.add(get(live, "spec.template.spec.containers.0.volumeMounts.0"));
    liveMounts.add(Map.of("name", "cache", "mountPath", "/var/cache/nginx"));
    set(live, "spec.template.spec.containers.0.volumeMounts", liveMounts);

    assertThat(planner.compare(rendered(desired), live).action()).isEqualTo(Action.UNCHANGED);
  }

  @Test
  void serverOwnedMetadataInTheTemplateIsNeverCompared() {
    set(desired, "metadata.resourceVersion", "1");
    set(desired, "metadata.generation", 7);

    assertThat(planner.compare(rendered(desired), live).action()).isEqualTo(Action.UNCHANGED);
  }

  @SuppressWarnings("unchecked")
  private static List<Object> containers(Map<String, Object> deployment) {
    return (List<Object>) get(deployment, "spec.template.spec.containers");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> labels(Map<String, Object> object) {
    return (Map<String, Object>) get(object, "metadata.labels");
  }

  private static Map<String, Object> container(String name, String image) {
    Map<String, Object> container = new LinkedHashMap<>();
    container.put("name", name);
    container.put("image", image);
    return container;
  }
}
