package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What an ownership patch writes: ownership's fields, and never any other. */
class OwnershipPatchTest {

  private static final Map<String, Object> OWNER_MAP =
      Map.of(
          "apiVersion",
          "db.example.com/v1",
          "kind",
          "Postgres",
          "metadata",
          Map.of("name", "orders", "namespace", "default", "uid", "uid-orders"));
  private static final Owner OWNER = Owner.of(OWNER_MAP);

  @Test
  void anAdoptedCreateOnlySecretGetsOwnershipAndKeepsEveryOtherField() {
    Map<String, Object> desired = secret("rendered-password", Map.of());
    Ownership.stamp(desired, OWNER_MAP, true);
    Map<String, Object> live = secret("live-password", Map.of(Lifecycle.ADOPT, "true"));
    live.put("metadata", withVersion(live, "42"));

    OwnershipPatch patch = OwnershipPatch.between(desired, live, OWNER, true);

    Map<String, Object> meta = UntypedMaps.getMap(patch.mergePatch(), "metadata");
    assertThat(patch.mergePatch()).containsOnlyKeys("metadata");
    assertThat(meta)
        .containsOnlyKeys("labels", "annotations", "ownerReferences", "resourceVersion");
    assertThat(meta.get("resourceVersion")).isEqualTo("42");
    assertThat(UntypedMaps.getMap(meta, "labels"))
        .containsEntry(ManagedLabels.INSTANCE, "orders")
        .containsEntry(ManagedLabels.OWNER_KIND, "Postgres")
        .containsEntry(ManagedLabels.OWNER_GROUP, "db.example.com");
    assertThat(UntypedMaps.getMap(meta, "annotations"))
        .containsEntry(Lifecycle.ADOPT, null)
        .containsEntry(Lifecycle.SSA, "IfNotPresent");
    assertThat(UntypedMaps.getMaps(meta, "ownerReferences"))
        .singleElement()
        .satisfies(reference -> assertThat(reference).containsEntry("uid", "uid-orders"));
  }

  @Test
  void keepAddedTakesTheOwnerReferenceAwayAndLeavesOthers() {
    Map<String, Object> desired = secret("p", Map.of(Lifecycle.RESOURCE_POLICY, "keep"));
    Ownership.stamp(desired, OWNER_MAP, true);
    Map<String, Object> live = UntypedMaps.deepCopyMap(desired);
    Map<String, Object> liveMeta = UntypedMaps.getMap(live, "metadata");
    UntypedMaps.getMap(liveMeta, "annotations").remove(Lifecycle.RESOURCE_POLICY);
    Map<String, Object> other = Map.of("kind", "Other", "name", "x", "uid", "uid-x");
    liveMeta.put(
        "ownerReferences", List.of(Map.of("kind", "Postgres", "uid", "uid-orders"), other));

    OwnershipPatch patch = OwnershipPatch.between(desired, live, OWNER, true);

    Map<String, Object> meta = UntypedMaps.getMap(patch.mergePatch(), "metadata");
    assertThat(meta.get("ownerReferences")).isEqualTo(List.of(other));
    assertThat(UntypedMaps.getMap(meta, "annotations"))
        .containsExactly(Map.entry(Lifecycle.RESOURCE_POLICY, "keep"));
    assertThat(meta).doesNotContainKey("labels");
  }

  @Test
  void anObjectOwnedAsRenderedNeedsNoPatch() {
    Map<String, Object> desired = secret("p", Map.of(Lifecycle.SSA, "IfNotPresent"));
    Ownership.stamp(desired, OWNER_MAP, true);

    assertThat(
            OwnershipPatch.between(desired, UntypedMaps.deepCopyMap(desired), OWNER, false)
                .isEmpty())
        .isTrue();
  }

  private static Map<String, Object> withVersion(Map<String, Object> object, String version) {
    Map<String, Object> meta = new LinkedHashMap<>(UntypedMaps.getMap(object, "metadata"));
    meta.put("resourceVersion", version);
    return meta;
  }

  private static Map<String, Object> secret(String password, Map<String, String> annotations) {
    Map<String, Object> annotated = new HashMap<>(annotations);
    if (!annotated.containsKey(Lifecycle.ADOPT)) {
      annotated.putIfAbsent(Lifecycle.SSA, "IfNotPresent");
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("name", "orders-credentials");
    meta.put("namespace", "default");
    meta.put("annotations", annotated);
    Map<String, Object> secret = new LinkedHashMap<>();
    secret.put("apiVersion", "v1");
    secret.put("kind", "Secret");
    secret.put("metadata", meta);
    secret.put("stringData", new LinkedHashMap<>(Map.of("password", password)));
    return secret;
  }
}
