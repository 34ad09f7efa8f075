package io.webserveroperator.template;

import static io.webserveroperator.template.WebServerTemplatesTest.webServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.GitSyncFolder;
import io.webserveroperator.testing.TemplatesConfigMap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates read from a repository that git-sync keeps checked out ({@link GitSyncFolder}), from a
 * folder below its swapped link ({@code <root>/current/templates}, as the chart's git-sync sidecar
 * lays it out): a new commit is a new template revision as soon as the link is swapped, also when
 * the old worktree stays, and a broken commit is kept out as a broken edit is, until a good one.
 */
class GitSyncTemplatesTest {

  static final Map<String, Object> SHOP = webServer(Map.of("image", "nginx", "replicas", 2), true);
  static final String EXTRA =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-extra\n";

  @Test
  void aSwapOfTheLinkAboveTheTemplatesIsANewRevisionEvenWhileTheOldWorktreeStays(
      @TempDir Path dir) {
    GitSyncFolder git = GitSyncFolder.sync(dir.resolve("git"), "current", repository(Map.of()));
    List<TemplatedKind> reloaded = new CopyOnWriteArrayList<>();
    List<OperatorException> errors = new CopyOnWriteArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(templates(git))) {
      TemplatedKind watch = registry.watches().get(0);
      String first = registry.current(watch).orElseThrow().hash();
      registry.watchForChanges(reloaded::add, (kind, e) -> errors.add(e));

      // A --stale-worktree-timeout keeps the old worktree: nothing below the link changes.
      git.commit(repository(Map.of("templates/webserver/zz-extra.yaml.j2", EXTRA)), false);

      await().atMost(Duration.ofSeconds(20)).until(() -> !reloaded.isEmpty());
      assertThat(errors).isEmpty();
      assertThat(registry.current(watch).orElseThrow().hash()).isNotEqualTo(first);
      assertThat(registry.render(watch, SHOP))
          .extracting(o -> o.ref().toString())
          .containsExactly(
              "Deployment prod/shop-deployment",
              "Service prod/shop-service",
              "ConfigMap prod/shop-extra");
    }
  }

  @Test
  void aBrokenCommitIsKeptOutAndTheNextGoodOneIsTaken(@TempDir Path dir) {
    GitSyncFolder git = GitSyncFolder.sync(dir.resolve("git"), "current", repository(Map.of()));
    List<TemplatedKind> reloaded = new CopyOnWriteArrayList<>();
    List<OperatorException> errors = new CopyOnWriteArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(templates(git))) {
      TemplatedKind watch = registry.watches().get(0);
      String good = registry.current(watch).orElseThrow().hash();
      registry.watchForChanges(reloaded::add, (kind, e) -> errors.add(e));

      git.commit(repository(Map.of("templates/webserver/zz-extra.yaml.j2", "{% if %}")), true);

      await().atMost(Duration.ofSeconds(20)).until(() -> !errors.isEmpty());
      assertThat(errors.get(0)).hasMessageContaining("zz-extra.yaml.j2");
      assertThat(reloaded).isEmpty();
      assertThat(registry.current(watch).orElseThrow().hash()).isEqualTo(good);
      assertThat(registry.render(watch, SHOP)).hasSize(2);

      git.commit(repository(Map.of("templates/webserver/zz-extra.yaml.j2", EXTRA)), true);

      await().atMost(Duration.ofSeconds(20)).until(() -> !reloaded.isEmpty());
      assertThat(registry.current(watch).orElseThrow().hash()).isNotEqualTo(good);
      assertThat(registry.render(watch, SHOP)).hasSize(3);
    }
  }

  /** The watches.yaml below the link, as the operator's --templates names its folder. */
  private static Path templates(GitSyncFolder git) {
    return git.link().resolve("templates").resolve("watches.yaml");
  }

  /** A repository holding the project's templates under templates/, with these files besides. */
  private static Map<String, String> repository(Map<String, String> more) {
    Map<String, String> files = new TreeMap<>();
    files.put("README.md", "Our templates.\n");
    TemplatesConfigMap.entries()
        .forEach((key, path) -> files.put("templates/" + path, TemplatesConfigMap.data().get(key)));
    files.putAll(more);
    return files;
  }
}
