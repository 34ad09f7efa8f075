package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The status inventory: one entry per object identity, read as every release wrote it. */
class InventoryTest {

  /** A WebServer's status as the released version (main at 531b686) wrote it. */
  private static final String RELEASED =
      """
      inventory:
      - apiVersion: apps/v1
        kind: Deployment
        namespace: shop
        name: web-deployment
      - apiVersion: v1
        kind: PersistentVolumeClaim
        namespace: shop
        name: web-data
        kept: true
      - apiVersion: v1
        kind: Service
        namespace: shop
        name: web-service
      - {kind: Service, name: edited-by-hand}
      """;

  @Test
  void readsAStatusTheReleasedVersionWroteAndWritesItBackUnchanged() throws Exception {
    Map<String, Object> status = status(RELEASED);

    Inventory inventory = Inventory.fromStatus(status);

    assertThat(inventory.refs())
        .containsExactly(
            new ObjectRef("apps/v1", "Deployment", "shop", "web-deployment"),
            new ObjectRef("v1", "PersistentVolumeClaim", "shop", "web-data"),
            new ObjectRef("v1", "Service", "shop", "web-service"));
    assertThat(inventory.kept())
        .containsExactly(new ObjectRef("v1", "PersistentVolumeClaim", "shop", "web-data"));
    assertThat(inventory.toStatus())
        .as("no status write after an upgrade")
        .isEqualTo(UntypedMaps.getMaps(status, "inventory").subList(0, 3));
  }

  @Test
  void anObjectListedThroughTwoVersionsIsOneEntryTheLatestVersionWins() throws Exception {
    Inventory inventory =
        Inventory.fromStatus(
            status(
                """
                inventory:
                - {apiVersion: things.test.example.com/v1, kind: Dial, namespace: shop, name: d}
                - {apiVersion: things.test.example.com/v2, kind: Dial, namespace: shop, name: d}
                """));
    ObjectRef v1 = new ObjectRef("things.test.example.com/v1", "Dial", "shop", "d");
    ObjectRef v2 = new ObjectRef("things.test.example.com/v2", "Dial", "shop", "d");

    assertThat(inventory.refs()).containsExactly(v2);
    assertThat(Inventory.of(List.of(v2)).with(v1, true).refs()).containsExactly(v1);
    assertThat(inventory.contains(v1)).isTrue();
    assertThat(inventory.without(v1).isEmpty()).isTrue();
    assertThat(inventory.withKept(Set.of(v1.identity())).isKept(v2)).isTrue();
  }

  private static Map<String, Object> status(String yaml) throws Exception {
    return UntypedMaps.asMap(new YAMLMapper().readValue(yaml, Map.class), "a status");
  }
}
