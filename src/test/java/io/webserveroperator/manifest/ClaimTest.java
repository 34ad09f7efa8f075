package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.Claim.Standing;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whose an existing object is, as the rules in {@link Claim} say, and how the verdict reads. */
class ClaimTest {

  private static final Owner SHOP =
      new Owner("webapp.example.com/v1", "WebServer", "default", "shop", "uid-shop");
  private static final ObjectRef CONTENT =
      new ObjectRef("v1", "ConfigMap", "default", "shop-content");

  @Test
  void anObjectControlledByTheResourceIsOurs() {
    assertThat(judge(object(controller("uid-shop", "shop"), Map.of(), Map.of()), false))
        .isEqualTo(Standing.OURS);
  }

  @Test
  void anObjectControlledByAnythingElseIsAConflictWhateverItsAnnotationsSay() {
    Claim claim =
        Claim.judge(
            CONTENT,
            object(controller("uid-other", "other"), ours("shop"), Map.of(Lifecycle.ADOPT, "true")),
            SHOP,
            true);

    assertThat(claim.standing()).isEqualTo(Standing.CONFLICT);
    assertThat(claim.reason())
        .isEqualTo(
            "ConfigMap default/shop-content exists and is controlled by WebServer other, not by"
                + " WebServer default/shop");
  }

  @Test
  void aUsersObjectIsAConflictThatSaysHowToHandItOver() {
    Claim claim = Claim.judge(CONTENT, object(null, Map.of(), Map.of()), SHOP, false);

    assertThat(claim.standing()).isEqualTo(Standing.CONFLICT);
    assertThat(claim.reason())
        .startsWith(
            "ConfigMap default/shop-content exists and is not managed by WebServer default/shop")
        .contains("annotate it webserver-operator.io/adopt=true");
  }

  @Test
  void aUsersObjectMarkedForAdoptionMayBeAdopted() {
    assertThat(judge(object(null, Map.of(), Map.of(Lifecycle.ADOPT, "true")), false))
        .isEqualTo(Standing.ADOPT);
    assertThat(judge(object(null, Map.of(), Map.of(Lifecycle.ADOPT, "yes")), false))
        .as("only \"true\" hands it over")
        .isEqualTo(Standing.CONFLICT);
  }

  @Test
  void aHelmReleasesObjectIsAConflictEvenMarkedForAdoption() {
    Claim claim =
        Claim.judge(
            CONTENT,
            object(
                null,
                Map.of(ManagedLabels.MANAGED_BY, "Helm"),
                Map.of("meta.helm.sh/release-name", "shop", Lifecycle.ADOPT, "true")),
            SHOP,
            false);

    assertThat(claim.standing()).isEqualTo(Standing.CONFLICT);
    assertThat(claim.reason()).contains("belongs to Helm release shop");
  }

  @Test
  void anObjectLeftForThisNameIsOursWhenListedAndAdoptedWhenNot() {
    Map<String, Object> kept = object(null, ours("shop"), Map.of());

    assertThat(judge(kept, true)).isEqualTo(Standing.OURS);
    assertThat(judge(kept, false)).isEqualTo(Standing.ADOPT);
  }

  @Test
  void anObjectManagedForAnotherInstanceIsAConflict() {
    Claim claim = Claim.judge(CONTENT, object(null, ours("cafe"), Map.of()), SHOP, false);

    assertThat(claim.standing()).isEqualTo(Standing.CONFLICT);
    assertThat(claim.reason()).contains("is managed for cafe");
  }

  @Test
  void aResourceNotCreatedYetOwnsNothingControlled() {
    Owner fromFile = new Owner("webapp.example.com/v1", "WebServer", "default", "shop", null);

    assertThat(
            Claim.judge(
                    CONTENT,
                    object(controller("uid-shop", "shop"), Map.of(), Map.of()),
                    fromFile,
                    false)
                .standing())
        .isEqualTo(Standing.CONFLICT);
  }

  @Test
  void anObjectKeptForAResourceOfTheSameNameAndKindIsAdoptedButNotByAnotherKind() {
    Map<String, Object> keptByShop = new HashMap<>(ours("shop"));
    keptByShop.putAll(SHOP.kindLabels());
    Owner postgres = new Owner("db.example.com/v1", "Postgres", "default", "shop", "uid-pg");

    assertThat(judge(object(null, keptByShop, Map.of()), false)).isEqualTo(Standing.ADOPT);
    Claim claim = Claim.judge(CONTENT, object(null, keptByShop, Map.of()), postgres, false);
    assertThat(claim.standing()).isEqualTo(Standing.CONFLICT);
    assertThat(claim.reason())
        .isEqualTo(
            "ConfigMap default/shop-content exists and is managed for WebServer shop, not by"
                + " Postgres default/shop");
  }

  @Test
  void anObjectKeptBeforeTheKindLabelsExistedStaysAdoptableByItsResourceName() {
    assertThat(judge(object(null, ours("shop"), Map.of()), false)).isEqualTo(Standing.ADOPT);
  }

  private static Standing judge(Map<String, Object> live, boolean inInventory) {
    return Claim.judge(CONTENT, live, SHOP, inInventory).standing();
  }

  private static Map<String, Object> ours(String instance) {
    return Map.of(
        ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER, ManagedLabels.INSTANCE, instance);
  }

  private static Map<String, Object> controller(String uid, String name) {
    return Map.of(
        "apiVersion",
        "webapp.example.com/v1",
        "kind",
        "WebServer",
        "name",
        name,
        "uid",
        uid,
        "controller",
        true);
  }

  private static Map<String, Object> object(
      Map<String, Object> controller, Map<String, Object> labels, Map<String, String> annotations) {
    return Map.of(
        "apiVersion",
        "v1",
        "kind",
        "ConfigMap",
        "metadata",
        Map.of(
            "name",
            "shop-content",
            "namespace",
            "default",
            "labels",
            labels,
            "annotations",
            annotations,
            "ownerReferences",
            controller == null ? List.of() : List.of(controller)));
  }
}
