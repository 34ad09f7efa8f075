package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.template.watches.WatchesChange;
import io.webserveroperator.testing.ConfigMapVolume;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.TemplatesConfigMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * watches.yaml edited while a registry watches its folder: a kind added, removed or given other
 * settings takes effect as one change, told to the listener, and an edit that does not parse, that
 * brings in a kind whose templates do not load, or that the listener refuses, leaves the last good
 * watches.yaml in effect; in a plain folder and across a ConfigMap volume's {@code ..data} swap.
 */
class WatchesReloadTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(20);
  private static final Path POSTGRES =
      Project.file("src/test/resources/io/webserveroperator/stateful");

  @Test
  void addsChangesAndRemovesKindsAsWatchesYamlSays(@TempDir Path dir) throws IOException {
    Path watches = templatesWithPostgresFolder(dir);
    String webServerOnly = Files.readString(watches);
    try (TemplateRegistry registry = TemplateRegistry.load(watches)) {
      Edits edits = new Edits();
      registry.watchForChanges(edits);
      TemplatedKind webServer = registry.watches().get(0);

      Files.writeString(watches, webServerOnly + postgresEntry());
      WatchesChange added = edits.awaitChange(1);
      assertThat(added.added()).extracting(TemplatedKind::kind).containsExactly("Postgres");
      assertThat(edits.admitted).containsExactly(added);
      assertThat(registry.watches())
          .extracting(TemplatedKind::kind)
          .containsExactly("WebServer", "Postgres");
      assertThat(registry.current(added.added().get(0))).isPresent();

      Files.writeString(
          watches, webServerOnly + "  allowOtherNamespaces: true\n" + postgresEntry());
      WatchesChange changed = edits.awaitChange(2);
      assertThat(changed.changed()).hasSize(1);
      assertThat(changed.describe())
          .isEqualTo("changed WebServer (webapp.example.com/v1): allowOtherNamespaces");
      // A reconciler still holding the old entry renders with the kind's current templates.
      assertThat(registry.resolve(webServer, Optional.empty(), "WebServer prod/shop").parseId())
          .isEqualTo(
              registry
                  .resolve(registry.watches().get(0), Optional.empty(), "WebServer prod/shop")
                  .parseId());

      Files.writeString(watches, postgresEntry());
      WatchesChange removed = edits.awaitChange(3);
      assertThat(removed.removed()).extracting(TemplatedKind::kind).containsExactly("WebServer");
      assertThat(registry.watches()).extracting(TemplatedKind::kind).containsExactly("Postgres");
      assertThat(registry.current(webServer)).isEmpty();
      assertThatThrownBy(() -> registry.resolve(webServer, Optional.empty(), "WebServer prod/shop"))
          .hasMessageContaining("No templates for WebServer");
      assertThat(edits.rejected).isEmpty();
    }
  }

  @Test
  void keepsTheLastGoodWatchesYamlWhenAnEditIsBroken(@TempDir Path dir) throws IOException {
    Path watches = templatesWithPostgresFolder(dir);
    String webServerOnly = Files.readString(watches);
    try (TemplateRegistry registry = TemplateRegistry.load(watches)) {
      Edits edits = new Edits();
      registry.watchForChanges(edits);

      Files.writeString(watches, webServerOnly + "- group: [unclosed\n");
      edits.awaitRejected(1);
      assertThat(edits.rejected.get(0)).hasMessageContaining(watches.toString());

      Files.writeString(
          watches, webServerOnly + postgresEntry().replace("postgres\n", "nowhere\n"));
      edits.awaitRejected(2);
      assertThat(edits.rejected.get(1))
          .hasMessageStartingWith("The templates of Postgres do not load:")
          .hasMessageContaining("hold no *.yaml.j2 file to render");

      edits.refusal = "The API server does not serve kind Postgres";
      Files.writeString(watches, webServerOnly + postgresEntry());
      edits.awaitRejected(3);
      assertThat(edits.rejected.get(2)).hasMessage("The API server does not serve kind Postgres");

      assertThat(edits.changes).isEmpty();
      assertThat(registry.watches()).extracting(TemplatedKind::kind).containsExactly("WebServer");
      assertThat(registry.current(registry.watches().get(0))).isPresent();

      edits.refusal = null;
      Files.writeString(watches, webServerOnly + postgresEntry() + "\n");
      assertThat(edits.awaitChange(1).added())
          .extracting(TemplatedKind::kind)
          .containsExactly("Postgres");
    }
  }

  @Test
  void followsAKubeletSwapThatAddsAKind(@TempDir Path dir) throws IOException {
    Map<String, String> data =
        new TreeMap<>(TemplatesConfigMap.dataOf("WebServer", dir.resolve("shipped")));
    Path mounted = dir.resolve("volume");
    ConfigMapVolume volume = ConfigMapVolume.write(mounted, data);
    try (TemplateRegistry registry = TemplateRegistry.load(mounted.resolve("watches.yaml"))) {
      Edits edits = new Edits();
      registry.watchForChanges(edits);

      try (var files = Files.list(POSTGRES.resolve("templates/postgres"))) {
        for (Path file : files.toList()) {
          data.put("postgres__" + file.getFileName(), Files.readString(file));
        }
      }
      data.put("watches.yaml", data.get("watches.yaml") + postgresEntry());
      volume.update(data);

      assertThat(edits.awaitChange(1).added())
          .extracting(TemplatedKind::kind)
          .containsExactly("Postgres");
      assertThat(registry.current(registry.watches().get(1))).isPresent();
    }
  }

  /**
   * The project's WebServer templates (the shipped Postgres kind left out) with the Postgres test
   * kind's folder, which watches.yaml omits.
   */
  private static Path templatesWithPostgresFolder(Path dir) {
    Path templates = TemplateFolder.copyKindInto(dir.resolve("templates"), "WebServer");
    TemplateFolder.copy(POSTGRES.resolve("templates"), templates);
    return templates.resolve("watches.yaml");
  }

  private static String postgresEntry() throws IOException {
    return Files.readString(POSTGRES.resolve("watches-entry.yaml"));
  }

  /** What the registry tells, and an answer to its admissions. */
  private static final class Edits implements TemplateRegistry.Listener {

    final List<WatchesChange> admitted = new CopyOnWriteArrayList<>();
    final List<WatchesChange> changes = new CopyOnWriteArrayList<>();
    final List<OperatorException> rejected = new CopyOnWriteArrayList<>();
    volatile String refusal;

    @Override
    public void templatesChanged(TemplatedKind watch) {}

    @Override
    public void templatesRejected(TemplatedKind watch, OperatorException error) {}

    @Override
    public void admit(WatchesChange change) {
      if (refusal != null) {
        throw new OperatorException(refusal);
      }
      admitted.add(change);
    }

    @Override
    public void kindsChanged(WatchesChange change) {
      changes.add(change);
    }

    @Override
    public void watchesRejected(OperatorException error) {
      rejected.add(error);
    }

    WatchesChange awaitChange(int count) {
      await().atMost(TIMEOUT).until(() -> changes.size() >= count);
      return changes.get(count - 1);
    }

    void awaitRejected(int count) {
      await().atMost(TIMEOUT).until(() -> rejected.size() >= count);
    }
  }
}
