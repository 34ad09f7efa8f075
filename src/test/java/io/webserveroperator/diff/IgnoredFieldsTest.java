package io.webserveroperator.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.manifest.ObjectRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What is sent for a rendered object whose fields a kind's ignoreDifferences leaves alone. */
class IgnoredFieldsTest {

  private static final ObjectRef WEB = new ObjectRef("apps/v1", "Deployment", "shop", "web");
  private static final IgnoreDifference YIELD_TO_HPA =
      new IgnoreDifference(
          "apps",
          "Deployment",
          null,
          null,
          List.of(JsonPointer.parse("/spec/replicas")),
          List.of("kube-controller-manager"));

  @Test
  void aFieldTheListedManagerSetIsLeftOutOfWhatIsSent() {
    IgnoredFields.Result sent =
        IgnoredFields.apply(
            WEB, rendered(2), live(5, "kube-controller-manager"), List.of(YIELD_TO_HPA));

    assertThat(sent.body()).extractingByKey("spec").isEqualTo(Map.of("image", "nginx"));
    assertThat(sent.fields())
        .singleElement()
        .extracting(IgnoredField::describe)
        .isEqualTo("~ /spec/replicas yielded to kube-controller-manager (live 5, template 2)");
  }

  @Test
  void aFieldSomeoneElseSetIsSentAsRenderedAndSoPutBack() {
    IgnoredFields.Result sent =
        IgnoredFields.apply(WEB, rendered(2), live(5, "kubectl-edit"), List.of(YIELD_TO_HPA));

    assertThat(sent.body()).isEqualTo(rendered(2));
    assertThat(sent.fields()).isEmpty();
  }

  @Test
  void aFieldTheTemplateStoppedSettingIsHeldAtItsLiveValueUntilTheManagerSetsIt() {
    Map<String, Object> withoutReplicas =
        Map.of("apiVersion", "apps/v1", "kind", "Deployment", "spec", Map.of("image", "nginx"));

    IgnoredFields.Result sent =
        IgnoredFields.apply(WEB, withoutReplicas, live(3, "someone"), List.of(YIELD_TO_HPA));

    assertThat(sent.body())
        .extractingByKey("spec")
        .isEqualTo(Map.of("image", "nginx", "replicas", 3));
    assertThat(sent.fields().get(0).how()).isEqualTo(IgnoredField.How.HELD);
  }

  @Test
  void withoutManagersTheLiveValueIsSentAndANewObjectIsCreatedAsRendered() {
    IgnoreDifference never =
        new IgnoreDifference(
            "apps",
            "Deployment",
            null,
            "web",
            List.of(JsonPointer.parse("/spec/replicas")),
            List.of());

    assertThat(IgnoredFields.apply(WEB, rendered(2), live(7, "anyone"), List.of(never)).body())
        .extractingByKey("spec")
        .isEqualTo(Map.of("image", "nginx", "replicas", 7));
    assertThat(IgnoredFields.apply(WEB, rendered(2), null, List.of(never)).body())
        .isEqualTo(rendered(2));
    assertThat(
            IgnoredFields.apply(
                    new ObjectRef("apps/v1", "Deployment", "shop", "other"),
                    rendered(2),
                    live(7, "anyone"),
                    List.of(never))
                .body())
        .as("another name")
        .isEqualTo(rendered(2));
  }

  @Test
  void aFieldInAKeyedListIsOwnedByTheManagerThatNamesItsItem() {
    JsonPointer image = JsonPointer.parse("/spec/template/spec/containers/0/image");
    Map<String, Object> live =
        Map.of(
            "metadata",
            Map.of(
                "managedFields",
                List.of(
                    Map.of(
                        "manager",
                        "image-updater",
                        "fieldsV1",
                        Map.of(
                            "f:spec",
                            Map.of(
                                "f:template",
                                Map.of(
                                    "f:spec",
                                    Map.of(
                                        "f:containers",
                                        Map.of(
                                            "k:{\"name\":\"nginx\"}",
                                            Map.of("f:image", Map.of()))))))))),
            "spec",
            Map.of(
                "template",
                Map.of(
                    "spec",
                    Map.of("containers", List.of(Map.of("name", "nginx", "image", "nginx:2"))))));

    assertThat(FieldOwners.of(live, image)).containsExactly("image-updater");
    assertThat(FieldOwners.of(live, JsonPointer.parse("/spec/replicas"))).isEmpty();
  }

  private static Map<String, Object> rendered(int replicas) {
    return Map.of(
        "apiVersion",
        "apps/v1",
        "kind",
        "Deployment",
        "spec",
        Map.of("replicas", replicas, "image", "nginx"));
  }

  /** The live Deployment, its replicas last set by {@code manager}. */
  private static Map<String, Object> live(int replicas, String manager) {
    return Map.of(
        "apiVersion",
        "apps/v1",
        "kind",
        "Deployment",
        "metadata",
        Map.of(
            "managedFields",
            List.of(
                Map.of(
                    "manager",
                    manager,
                    "operation",
                    "Update",
                    "fieldsV1",
                    Map.of("f:spec", Map.of("f:replicas", Map.of()))))),
        "spec",
        Map.of("replicas", replicas, "image", "nginx"));
  }
}
