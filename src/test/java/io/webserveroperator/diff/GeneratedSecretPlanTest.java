package io.webserveroperator.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.GeneratedField;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.RenderedObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A generated secret is made when its Secret is created, then held at its live value: never drift,
 * never left out of what is applied, made anew when its key is gone.
 */
class GeneratedSecretPlanTest {

  private static final Owner SHOP =
      new Owner("webapp.example.com/v1", "WebServer", "shop", "web", "uid-web");
  private static final ObjectRef SECRET = new ObjectRef("v1", "Secret", "shop", "web-credentials");
  private static final GeneratedField PASSWORD =
      new GeneratedField(JsonPointer.of("stringData", "password"), 32);
  private static final GeneratedField KEY = new GeneratedField(JsonPointer.of("data", "key"), 16);

  private final Planner planner = new Planner();

  @Test
  void aNewSecretGetsRandomLettersAndDigitsOfTheLengthAskedEachTimeOthers() {
    String first = (String) stringData(planner.compare(created(), null)).get("password");
    String second = (String) stringData(planner.compare(created(), null)).get("password");

    assertThat(first).matches("[A-Za-z0-9]{32}");
    assertThat(second).matches("[A-Za-z0-9]{32}").isNotEqualTo(first);
  }

  @Test
  void anExistingSecretIsAppliedAtItsLiveValueAndIsNoDrift() {
    Map<String, Object> live = live(Map.of("password", base64("kept-password"), "key", "a2V5"));

    PlanEntry entry = planner.judge(created(), live, SHOP, true, List.of());

    assertThat(entry.patch().operations().toString()).isEqualTo("[]");
    assertThat(entry.action()).isEqualTo(Action.UNCHANGED);
    assertThat(stringData(entry)).containsEntry("password", "kept-password");
    assertThat(entry.desired().get("data")).isEqualTo(Map.of("key", "a2V5"));
  }

  @Test
  void aDeletedKeyIsMadeAnew() {
    PlanEntry entry = planner.judge(created(), live(Map.of("key", "a2V5")), SHOP, true, List.of());

    assertThat(entry.action()).isEqualTo(Action.UPDATE);
    assertThat((String) stringData(entry).get("password")).matches("[A-Za-z0-9]{32}");
  }

  @Test
  void aCreateThatFindsItsSecretIsJudgedAgainAtTheValueFound() {
    PlanEntry create = planner.compare(created(), null);
    Map<String, Object> found = live(Map.of("password", base64("first"), "key", "a2V5"));

    PlanEntry again = planner.judge(create.rendered(), found, SHOP, false, List.of());

    assertThat(stringData(again)).containsEntry("password", "first");
    assertThat(again.action()).isEqualTo(Action.UNCHANGED);
  }

  private static RenderedObject created() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("apiVersion", "v1");
    body.put("kind", "Secret");
    body.put(
        "metadata",
        Map.of("name", SECRET.name(), "namespace", "shop", "ownerReferences", ownerReferences()));
    body.put("stringData", new LinkedHashMap<>(Map.of("password", PASSWORD.placeholder())));
    body.put("data", new LinkedHashMap<>(Map.of("key", KEY.placeholder())));
    return new RenderedObject(SECRET, body, "credentials.yaml.j2", List.of(PASSWORD, KEY));
  }

  private static Map<String, Object> live(Map<String, Object> data) {
    Map<String, Object> live = new LinkedHashMap<>();
    live.put("apiVersion", "v1");
    live.put("kind", "Secret");
    live.put(
        "metadata",
        Map.of(
            "name",
            SECRET.name(),
            "namespace",
            "shop",
            "resourceVersion",
            "7",
            "ownerReferences",
            ownerReferences()));
    live.put("data", data);
    return live;
  }

  private static List<Map<String, Object>> ownerReferences() {
    return List.of(
        Map.of(
            "apiVersion",
            SHOP.apiVersion(),
            "kind",
            SHOP.kind(),
            "name",
            SHOP.name(),
            "uid",
            SHOP.uid(),
            "controller",
            true));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> stringData(PlanEntry entry) {
    return (Map<String, Object>) entry.desired().get("stringData");
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }
}
