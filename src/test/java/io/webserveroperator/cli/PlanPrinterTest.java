package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.IgnoredField;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.manifest.ObjectRef;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class PlanPrinterTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web");
  static final ObjectRef SERVICE = new ObjectRef("v1", "Service", "shop", "web");

  static Map<String, Object> deployment(int replicas) {
    return Map.of(
        "apiVersion",
        "apps/v1",
        "kind",
        "Deployment",
        "metadata",
        Map.of("name", "web", "namespace", "shop"),
        "spec",
        Map.of("replicas", replicas));
  }

  static final Map<String, Object> SERVICE_BODY =
      Map.of("apiVersion", "v1", "kind", "Service", "metadata", Map.of("name", "web"));

  static Plan plan() throws IOException {
    JsonNode replace =
        JSON.readTree("[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]");
    return new Plan(
        List.of(
            new PlanEntry(
                DEPLOYMENT,
                Action.UPDATE,
                deployment(3),
                deployment(2),
                Patch.of(replace),
                "d.yaml.j2",
                null),
            new PlanEntry(
                SERVICE,
                Action.UNCHANGED,
                SERVICE_BODY,
                SERVICE_BODY,
                Patch.of(JSON.createArrayNode()),
                "s.yaml.j2",
                null)));
  }

  @Test
  void unifiedShowsOnlyChangedObjects() throws IOException {
    String out = PlanPrinter.print(plan(), DiffFormat.UNIFIED, false);

    assertThat(out)
        .startsWith("apps/v1 Deployment shop/web (UPDATE)\n")
        .contains("-  replicas: 2\n+  replicas: 3\n")
        .doesNotContain("Service")
        .doesNotContain("\u001B[");
  }

  @Test
  void unifiedIsColouredForATerminal() throws IOException {
    assertThat(PlanPrinter.print(plan(), DiffFormat.UNIFIED, true))
        .contains("\u001B[31m-  replicas: 2\u001B[0m", "\u001B[32m+  replicas: 3\u001B[0m");
  }

  @Test
  void unifiedIsEmptyWithoutChanges() {
    Plan unchanged =
        new Plan(
            List.of(
                new PlanEntry(
                    SERVICE,
                    Action.UNCHANGED,
                    SERVICE_BODY,
                    SERVICE_BODY,
                    Patch.of(JSON.createArrayNode()),
                    "s.yaml.j2",
                    null)));

    assertThat(PlanPrinter.print(unchanged, DiffFormat.UNIFIED, false)).isEmpty();
    assertThat(PlanPrinter.print(unchanged, DiffFormat.JSON_PATCH, false).trim()).isEqualTo("[ ]");
  }

  @Test
  void aFieldYieldedToAnotherManagerIsShownThoughNothingIsWritten() {
    IgnoredField yielded =
        new IgnoredField(
            JsonPointer.parse("/spec/replicas"),
            IgnoredField.How.YIELDED,
            "kube-controller-manager",
            5,
            2);
    Plan plan =
        new Plan(
            List.of(
                new PlanEntry(
                    DEPLOYMENT,
                    Action.UNCHANGED,
                    deployment(5),
                    deployment(5),
                    Patch.of(JSON.createArrayNode()),
                    "d.yaml.j2",
                    null,
                    List.of(yielded))));

    assertThat(PlanPrinter.print(plan, DiffFormat.UNIFIED, false))
        .isEqualTo(
            "apps/v1 Deployment shop/web (UNCHANGED)\n"
                + "~ /spec/replicas yielded to kube-controller-manager (live 5, template 2)\n");
    assertThat(plan.hasChanges()).as("diff exits 0: the operator would write nothing").isFalse();
    assertThat(plan.toJson().get("entries").get(0).get("ignored").get(0).asText())
        .isEqualTo("~ /spec/replicas yielded to kube-controller-manager (live 5, template 2)");
  }

  @Test
  void jsonPatchListsObjectActionAndPatchOfEachChange() throws IOException {
    JsonNode out = JSON.readTree(PlanPrinter.print(plan(), DiffFormat.JSON_PATCH, false));

    assertThat(out)
        .isEqualTo(
            JSON.readTree(
                """
                [{"object": {"apiVersion": "apps/v1", "kind": "Deployment",
                             "namespace": "shop", "name": "web"},
                  "action": "UPDATE",
                  "patch": [{"op": "replace", "path": "/spec/replicas", "value": 3}]}]
                """));
  }

  @Test
  void jsonIsTheWholePlan() throws IOException {
    JsonNode out = JSON.readTree(PlanPrinter.print(plan(), DiffFormat.JSON, false));

    assertThat(out).isEqualTo(plan().toJson());
  }

  static final ObjectRef ADOPTED = new ObjectRef("v1", "ConfigMap", "shop", "web-content");
  static final ObjectRef TAKEN = new ObjectRef("v1", "ConfigMap", "shop", "other-content");
  static final ObjectRef KEPT = new ObjectRef("networking.k8s.io/v1", "Ingress", "shop", "web");
  static final String ADOPT_REASON =
      "ConfigMap shop/web-content is annotated webserver-operator.io/adopt and is adopted by"
          + " WebServer shop/web";
  static final String CONFLICT_REASON =
      "ConfigMap shop/other-content exists and is not managed by WebServer shop/web; annotate it"
          + " webserver-operator.io/adopt=true to let WebServer shop/web take it over, or rename"
          + " the object in the template";

  static Map<String, Object> configMap(String name, String value) {
    return Map.of(
        "apiVersion",
        "v1",
        "kind",
        "ConfigMap",
        "metadata",
        Map.of("name", name, "namespace", "shop"),
        "data",
        Map.of("index.html", value));
  }

  static PlanEntry adopt() throws IOException {
    return new PlanEntry(
        ADOPTED,
        Action.ADOPT,
        configMap("web-content", "new"),
        configMap("web-content", "old"),
        Patch.of(
            JSON.readTree(
                "[{\"op\":\"replace\",\"path\":\"/data/index.html\",\"value\":\"new\"}]")),
        "c.yaml.j2",
        new Claim(Claim.Standing.ADOPT, ADOPT_REASON));
  }

  static PlanEntry conflict() throws IOException {
    return new PlanEntry(
        TAKEN,
        Action.CONFLICT,
        configMap("other-content", "ours"),
        configMap("other-content", "theirs"),
        Patch.of(
            JSON.readTree(
                "[{\"op\":\"replace\",\"path\":\"/data/index.html\",\"value\":\"ours\"}]")),
        "c.yaml.j2",
        new Claim(Claim.Standing.CONFLICT, CONFLICT_REASON));
  }

  static PlanEntry orphan() {
    return PlanEntry.unrendered(
        KEPT,
        Action.ORPHAN,
        Map.of(
            "apiVersion",
            "networking.k8s.io/v1",
            "kind",
            "Ingress",
            "metadata",
            Map.of("name", "web", "namespace", "shop")));
  }

  static Plan ownershipPlan() throws IOException {
    return new Plan(List.of(adopt(), conflict(), orphan()));
  }

  @Test
  void unifiedShowsAdoptAsAnUpdateWithAHeaderAndTheClaimsReason() throws IOException {
    String out = PlanPrinter.print(new Plan(List.of(adopt())), DiffFormat.UNIFIED, false);

    assertThat(out)
        .startsWith(
            "v1 ConfigMap shop/web-content (ADOPT)\n"
                + "ADOPT ConfigMap shop/web-content: "
                + ADOPT_REASON
                + "\n--- live/v1.ConfigMap.shop.web-content\n"
                + "+++ desired/v1.ConfigMap.shop.web-content\n")
        .contains("-  index.html: old\n+  index.html: new\n");
  }

  @Test
  void unifiedShowsAConflictAsOneLineWithoutADiff() throws IOException {
    String out = PlanPrinter.print(new Plan(List.of(conflict())), DiffFormat.UNIFIED, false);

    assertThat(out).isEqualTo("CONFLICT ConfigMap shop/other-content: " + CONFLICT_REASON + "\n");
  }

  @Test
  void unifiedShowsAnOrphanAsLeftInPlaceNotAsADeletion() {
    String out = PlanPrinter.print(new Plan(List.of(orphan())), DiffFormat.UNIFIED, false);

    assertThat(out)
        .isEqualTo(
            "ORPHAN Ingress shop/web: no longer rendered; left in place (resource-policy: keep)"
                + " and dropped from the inventory\n");
  }

  @Test
  void unifiedPaintsTheOwnershipLinesBoldForATerminal() throws IOException {
    String out = PlanPrinter.print(ownershipPlan(), DiffFormat.UNIFIED, true);

    assertThat(out)
        .contains("\u001B[1mADOPT ConfigMap shop/web-content: ")
        .contains("\u001B[1mCONFLICT ConfigMap shop/other-content: ")
        .contains("\u001B[1mORPHAN Ingress shop/web: ");
  }

  @Test
  void jsonPatchGivesTheClaimOfAdoptAndConflictAndAnEmptyPatchForAnOrphan() throws IOException {
    JsonNode out = JSON.readTree(PlanPrinter.print(ownershipPlan(), DiffFormat.JSON_PATCH, false));

    assertThat(out)
        .isEqualTo(
            JSON.readTree(
                String.format(
                    """
                    [{"object": {"apiVersion": "v1", "kind": "ConfigMap",
                                 "namespace": "shop", "name": "web-content"},
                      "action": "ADOPT", "claim": "%s",
                      "patch": [{"op": "replace", "path": "/data/index.html", "value": "new"}]},
                     {"object": {"apiVersion": "v1", "kind": "ConfigMap",
                                 "namespace": "shop", "name": "other-content"},
                      "action": "CONFLICT", "claim": "%s",
                      "patch": [{"op": "replace", "path": "/data/index.html", "value": "ours"}]},
                     {"object": {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
                                 "namespace": "shop", "name": "web"},
                      "action": "ORPHAN", "patch": []}]
                    """,
                    ADOPT_REASON, CONFLICT_REASON)));
  }

  @Test
  void jsonCountsAndExplainsAdoptConflictAndOrphan() throws IOException {
    JsonNode out = JSON.readTree(PlanPrinter.print(ownershipPlan(), DiffFormat.JSON, false));

    assertThat(out.at("/summary/adopt").asInt()).isEqualTo(1);
    assertThat(out.at("/summary/conflict").asInt()).isEqualTo(1);
    assertThat(out.at("/summary/orphan").asInt()).isEqualTo(1);
    assertThat(out.at("/entries/0/claim").asText()).isEqualTo(ADOPT_REASON);
    assertThat(out.at("/entries/1/claim").asText()).isEqualTo(CONFLICT_REASON);
    assertThat(out.at("/entries/2/action").asText()).isEqualTo("ORPHAN");
  }

  @Test
  void aConflictAloneIsADifferenceInEveryFormatWithAWarningOnStderr() throws IOException {
    Plan onlyConflict = new Plan(List.of(conflict()));
    String warning =
        "diff: the operator would apply nothing for the resource that renders ConfigMap"
            + " shop/other-content until the conflict is resolved: rename the object in the"
            + " template, delete the existing one, or annotate it"
            + " webserver-operator.io/adopt=true.\n";

    for (DiffFormat format : DiffFormat.values()) {
      DiffCommand.Report report = DiffCommand.report(onlyConflict, format, false, null, false);

      assertThat(report.exit()).as(format.toString()).isEqualTo(DiffCommand.DIFFERENCES);
      assertThat(report.err()).as(format.toString()).isEqualTo(warning);
      assertThat(report.out()).as(format.toString()).contains("other-content");
    }
  }

  @Test
  void aRecreateShowsItsDiffAndWhyAndARefusalWarnsThatNothingMoreWouldBeWritten() {
    JsonNode none = JSON.createArrayNode();
    PlanEntry recreate =
        new PlanEntry(
            DEPLOYMENT,
            Action.RECREATE,
            deployment(3),
            deployment(2),
            Patch.of(none),
            "d.yaml.j2",
            null,
            List.of(),
            "Deployment shop/web: the API server refuses this change of spec.selector",
            List.of());
    PlanEntry refused =
        new PlanEntry(
            SERVICE,
            Action.REFUSED,
            SERVICE_BODY,
            SERVICE_BODY,
            Patch.of(none),
            "s.yaml.j2",
            null,
            List.of(),
            "Service shop/web: the API server refuses this change of spec.clusterIPs[0]",
            List.of());

    DiffCommand.Report report =
        DiffCommand.report(
            new Plan(List.of(recreate, refused)), DiffFormat.UNIFIED, false, null, false);

    assertThat(report.exit()).isEqualTo(DiffCommand.DIFFERENCES);
    assertThat(report.out())
        .contains("apps/v1 Deployment shop/web (RECREATE)\n")
        .contains(
            "RECREATE Deployment shop/web: Deployment shop/web: the API server refuses this change"
                + " of spec.selector\n")
        .contains("-  replicas: 2\n+  replicas: 3\n")
        .contains(
            "REFUSED Service shop/web: Service shop/web: the API server refuses this change of"
                + " spec.clusterIPs[0]\n");
    assertThat(report.err())
        .isEqualTo(
            "diff: the API server would refuse Service shop/web (REFUSED above): the operator"
                + " would write nothing more for the resource that renders it until the resource or"
                + " its templates change.\n");
  }

  @Test
  void adoptAndOrphanAreDifferencesWithoutAWarning() throws IOException {
    for (PlanEntry entry : List.of(adopt(), orphan())) {
      DiffCommand.Report report =
          DiffCommand.report(new Plan(List.of(entry)), DiffFormat.UNIFIED, false, null, false);

      assertThat(report.exit()).as(entry.action().name()).isEqualTo(DiffCommand.DIFFERENCES);
      assertThat(report.err()).isEmpty();
    }
  }

  @Test
  void unchangedPlanExitsZeroAndLiveAlwaysSaysHowManyObjectsWouldBePruned() throws IOException {
    Plan unchanged = new Plan(plan().byAction(Action.UNCHANGED));

    DiffCommand.Report files =
        DiffCommand.report(unchanged, DiffFormat.UNIFIED, false, null, false);
    DiffCommand.Report live = DiffCommand.report(unchanged, DiffFormat.UNIFIED, false, null, true);

    assertThat(files).isEqualTo(new DiffCommand.Report(DiffCommand.NO_DIFFERENCES, "", ""));
    assertThat(live.exit()).isEqualTo(DiffCommand.NO_DIFFERENCES);
    assertThat(live.out()).isEmpty();
    assertThat(live.err())
        .isEqualTo(
            "diff: 0 objects would be pruned, 0 left in place (resource-policy: keep),"
                + " 0 conflicts\n");
  }

  @Test
  void externalDiffIsToldNothingOfConflictsAndOrphansWhichStillMakeADifference()
      throws IOException {
    Plan plan = new Plan(List.of(conflict(), orphan()));

    DiffCommand.Report report =
        DiffCommand.report(plan, DiffFormat.UNIFIED, false, "diff -u -N -r", true);

    assertThat(report.exit()).isEqualTo(DiffCommand.DIFFERENCES);
    assertThat(report.out())
        .as("the program found no file to compare; the notes say what it cannot")
        .isEqualTo(PlanPrinter.notes(plan));
    assertThat(report.err())
        .contains("diff: the operator would apply nothing for the resource that renders")
        .endsWith(
            "diff: 0 objects would be pruned, 1 left in place (resource-policy: keep),"
                + " 1 conflict\n");
  }

  @Test
  void externalDiffShowsAnAdoptionAfterItsNote() throws IOException {
    Plan plan = new Plan(List.of(adopt()));

    DiffCommand.Report report =
        DiffCommand.report(plan, DiffFormat.UNIFIED, false, "diff -u -N -r", false);

    assertThat(report.exit()).isEqualTo(DiffCommand.DIFFERENCES);
    assertThat(report.out())
        .startsWith("ADOPT ConfigMap shop/web-content: " + ADOPT_REASON + "\n")
        .contains("v1.ConfigMap.shop.web-content", "-  index.html: old", "+  index.html: new");
  }

  @Test
  void outputFormatsAreReadAsKubectlSpellsThem() {
    DiffFormat.Converter converter = new DiffFormat.Converter();

    assertThat(converter.convert("unified")).isEqualTo(DiffFormat.UNIFIED);
    assertThat(converter.convert("json-patch")).isEqualTo(DiffFormat.JSON_PATCH);
    assertThat(converter.convert("json")).isEqualTo(DiffFormat.JSON);
    assertThatThrownBy(() -> converter.convert("yaml"))
        .isInstanceOf(TypeConversionException.class)
        .hasMessageContaining("unified, json-patch, json");
  }

  @Test
  void anObjectOfAnotherKindCreatedUnderAPrunedOnesNameWarnsThatBothWouldRun() {
    ObjectRef statefulSet = new ObjectRef("apps/v1", "StatefulSet", "shop", "web");
    Map<String, Object> body =
        Map.of(
            "apiVersion",
            "apps/v1",
            "kind",
            "StatefulSet",
            "metadata",
            Map.of("name", "web", "namespace", "shop"));
    Map<String, Object> replacing =
        Map.of(
            "apiVersion",
            "apps/v1",
            "kind",
            "StatefulSet",
            "metadata",
            Map.of(
                "name",
                "web",
                "namespace",
                "shop",
                "annotations",
                Map.of("webserver-operator.io/replaces", "Deployment/web")));
    PlanEntry prune =
        new PlanEntry(DEPLOYMENT, Action.PRUNE, null, deployment(2), Patch.EMPTY, null, null);

    List<String> warnings =
        PlanPrinter.conflictWarnings(new Plan(List.of(create(statefulSet, body), prune)));
    List<String> saidSo =
        PlanPrinter.conflictWarnings(new Plan(List.of(create(statefulSet, replacing), prune)));

    assertThat(warnings)
        .containsExactly(
            "Deployment shop/web would be pruned only once StatefulSet shop/web, created in its"
                + " place, is ready, so both would run meanwhile; annotate the new one"
                + " webserver-operator.io/replaces: Deployment/web in its template to stop the old"
                + " one first.");
    assertThat(saidSo).isEmpty();
  }

  private static PlanEntry create(ObjectRef ref, Map<String, Object> body) {
    return new PlanEntry(ref, Action.CREATE, body, null, Patch.EMPTY, "sts.yaml.j2", null);
  }
}
