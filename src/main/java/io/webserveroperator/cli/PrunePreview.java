package io.webserveroperator.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.preview.DryRunDiff;
import io.webserveroperator.template.TemplateRegistry;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What {@code dev} says after a template save besides lint's findings: how many objects the edited
 * templates would prune in the dev cluster, asked as {@code diff --live} asks ({@link
 * DryRunDiff#diffLive}, read and dry-run requests only). Loads the templates afresh each time.
 */
final class PrunePreview implements Supplier<String> {

  /** How many objects of each kind of change the line names before it only counts. */
  static final int NAMES = 5;

  private final KubernetesClient client;
  private final Path watches;

  /**
   * @param client the dev cluster
   * @param watches the edited templates' {@code watches.yaml}
   */
  PrunePreview(KubernetesClient client, Path watches) {
    this.client = Objects.requireNonNull(client, "client");
    this.watches = Objects.requireNonNull(watches, "watches");
  }

  /**
   * One line, {@code 3 objects would be pruned (Service default/web-service, ...)}, or, when the
   * preview fails (templates that do not load, a cluster that does not answer), one line that says
   * why. Never throws: a failed preview must not stop {@code dev}.
   */
  @Override
  public String get() {
    try (TemplateRegistry registry = TemplateRegistry.load(watches)) {
      return PruneSummary.of(new DryRunDiff(client, registry).diffLive(null)).named(NAMES);
    } catch (RuntimeException e) {
      return "cannot tell what the edit would prune: "
          + String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " ");
    }
  }
}
