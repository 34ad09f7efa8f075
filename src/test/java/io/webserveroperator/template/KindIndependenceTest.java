package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of watches.yaml loads on its own: one whose templates do not load fails the renders of
 * its own resources, naming the file and line, while the other kinds render; an edit changes its
 * error or repairs it.
 */
class KindIndependenceTest {

  static final String OBJECT =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-out\n";

  @TempDir Path dir;
  @TempDir Path scratch;

  @BeforeEach
  void writeTwoKindsOneBroken() throws IOException {
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: Good, templates: good}\n"
            + "- {group: test.example.com, version: v1, kind: Broken, templates: broken}\n");
    Files.createDirectories(dir.resolve("good"));
    Files.createDirectories(dir.resolve("broken"));
    Files.writeString(dir.resolve("good/out.yaml.j2"), OBJECT);
    Files.writeString(dir.resolve("broken/out.yaml.j2"), OBJECT + "data:\n  a: {% print 1 %}\n");
  }

  @Test
  void aKindWhoseTemplatesDoNotLoadFailsOnlyItsOwnResources() {
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      TemplatedKind good = registry.watches().get(0);
      TemplatedKind broken = registry.watches().get(1);

      assertThat(registry.loadFailure(good)).isEmpty();
      assertThat(registry.loadFailure(broken))
          .hasValueSatisfying(
              e -> assertThat(e).hasMessageStartingWith("broken/out.yaml.j2:6: `{% print x %}`"));
      assertThat(registry.render(good, Fixtures.resource("Good"))).hasSize(1);
      assertThatThrownBy(() -> registry.render(broken, Fixtures.resource("Broken")))
          .isInstanceOf(TemplatesInvalidException.class)
          .hasMessage(
              "Broken ns/web: broken/out.yaml.j2:6: `{% print x %}` is not supported: write"
                  + " `{{ x }}`");
    }
  }

  @Test
  void editsChangeTheErrorOfABrokenKindAndRepairIt() throws IOException {
    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      TemplatedKind broken = registry.watches().get(1);
      List<TemplatedKind> changed = new CopyOnWriteArrayList<>();
      List<OperatorException> errors = new CopyOnWriteArrayList<>();
      registry.watchForChanges(changed::add, (watch, e) -> errors.add(e));

      replace("broken/out.yaml.j2", OBJECT + "{% if %}\n");
      await().atMost(Duration.ofSeconds(20)).until(() -> changed.contains(broken));
      assertThat(errors).singleElement().asString().contains("broken/out.yaml.j2:5:");
      assertThatThrownBy(() -> registry.render(broken, Fixtures.resource("Broken")))
          .isInstanceOf(TemplatesInvalidException.class)
          .hasMessageStartingWith(
              "Broken ns/web: broken/out.yaml.j2:5: the template does not parse");

      changed.clear();
      replace("broken/out.yaml.j2", OBJECT);
      await().atMost(Duration.ofSeconds(20)).until(() -> changed.contains(broken));
      assertThat(registry.loadFailure(broken)).isEmpty();
      assertThat(registry.render(broken, Fixtures.resource("Broken"))).hasSize(1);
      assertThat(errors).hasSize(1);
    }
  }

  /** Replaces a template in one step, as an editor's save or a kubelet's swap does. */
  private void replace(String template, String text) throws IOException {
    Path written = Files.writeString(scratch.resolve("next"), text);
    Files.move(written, dir.resolve(template), StandardCopyOption.ATOMIC_MOVE);
  }
}
