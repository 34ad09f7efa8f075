package io.webserveroperator.diff;

import static io.webserveroperator.diff.Fixtures.load;
import static io.webserveroperator.diff.Fixtures.set;
import static io.webserveroperator.diff.Fixtures.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.ObjectRef;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The {@code diff} command's output: a header per object, then a unified diff of YAML. */
class UnifiedDiffTest {

  private static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web");

  private final Map<String, Object> live = load("deployment-live.yaml");
  private final Map<String, Object> dryRun = load("deployment-live.yaml");

  @Test
  void replicasChangeMatchesTheGoldenFile() {
    set(dryRun, "spec.replicas", 3);

    assertThat(render(DiffOptions.defaults())).isEqualTo(text("deployment-replicas.diff"));
  }

  @Test
  void colouredOutputPaintsRemovalsAdditionsAndHunks() {
    set(dryRun, "spec.replicas", 3);

    String out = render(DiffOptions.defaults().toBuilder().colour(true).build());

    assertThat(out)
        .contains("\u001B[31m-  replicas: 2\u001B[0m\n")
        .contains("\u001B[32m+  replicas: 3\u001B[0m\n")
        .containsPattern("\u001B\\[36m@@ -\\d+,7 \\+\\d+,7 @@\u001B\\[0m\n")
        .contains("\n   revisionHistoryLimit: 10\n");
  }

  @Test
  void equalObjectsPrintNothing() {
    assertThat(render(DiffOptions.defaults())).isEmpty();
  }

  @Test
  void keyOrderDoesNotMatter() {
    Map<String, Object> reordered = load("deployment-desired.yaml");
    Map<String, Object> sorted = new TreeMap<>(reordered);

    assertThat(
            new UnifiedDiff(DiffOptions.defaults())
                .render(DEPLOYMENT, Action.UNCHANGED, reordered, sorted))
        .isEmpty();
  }

  @Test
  void createdObjectIsAllAdditionsUnderACoreGroupHeader() {
    ObjectRef service = new ObjectRef("v1", "Service", "shop", "web");

    String out =
        new UnifiedDiff(DiffOptions.defaults())
            .render(service, Action.CREATE, null, load("service-desired.yaml"));

    assertThat(out)
        .startsWith(
            "v1 Service shop/web (CREATE)\n--- live/v1.Service.shop.web\n"
                + "+++ desired/v1.Service.shop.web\n@@ -0,0 +1,15 @@\n+apiVersion: v1\n")
        .contains("+    targetPort: \"8080\"\n");
    assertThat(out.lines().skip(4)).hasSize(15).allMatch(line -> line.startsWith("+"));
  }

  @Test
  void prunedObjectIsAllRemovals() {
    ObjectRef service = new ObjectRef("v1", "Service", "shop", "web");

    String out =
        new UnifiedDiff(DiffOptions.defaults())
            .render(service, Action.PRUNE, load("service-desired.yaml"), null);

    assertThat(out).contains("\n@@ -1,15 +0,0 @@\n-apiVersion: v1\n");
    assertThat(out.lines().skip(4)).hasSize(15).allMatch(line -> line.startsWith("-"));
  }

  private String render(DiffOptions options) {
    DiffSanitizer.Sides sides = DiffSanitizer.sanitize(live, dryRun);
    return new UnifiedDiff(options)
        .render(DEPLOYMENT, Action.UPDATE, sides.before(), sides.after());
  }
}
