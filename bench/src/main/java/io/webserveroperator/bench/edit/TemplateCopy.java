package io.webserveroperator.bench.edit;

import io.webserveroperator.bench.BenchException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import io.webserveroperator.template.watches.TemplatedKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The templates the operator runs with in the template-edit phase: a copy of {@code --templates},
 * which the benchmark edits while the operator watches it, so that the original is never touched.
 * Gives the WebServer entry of its watches.yaml a rollout policy or none, and edits the WebServer's
 * Deployment template ({@link TemplateEdit}). Not thread-safe.
 */
public final class TemplateCopy {

  private static final String API_VERSION = "webapp.example.com/v1";
  private static final String KIND = "WebServer";

  private final Path root;
  private final Path deploymentTemplate;

  private TemplateCopy(Path root, Path deploymentTemplate) {
    this.root = root;
    this.deploymentTemplate = deploymentTemplate;
  }

  /** Copies {@code source} to {@code target}, which is emptied first. */
  public static TemplateCopy of(Path source, Path target) {
    try {
      delete(target);
      try (Stream<Path> files = Files.walk(source)) {
        for (Path file : files.toList()) {
          Path copy = target.resolve(source.relativize(file).toString());
          if (Files.isDirectory(file)) {
            Files.createDirectories(copy);
          } else {
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String folder = load(target, TemplateCopy::watch).templates();
    return new TemplateCopy(target, deploymentTemplate(target.resolve(folder)));
  }

  /** The folder the operator's {@code --templates} names. */
  public Path root() {
    return root;
  }

  /**
   * Writes the WebServer entry of watches.yaml with {@code policy} as its {@code rollout}, or
   * without one; returns the policy as the operator will read it.
   */
  public Optional<RolloutPolicy> rollout(Optional<RolloutPolicy> policy) {
    Path file = root.resolve("watches.yaml");
    try {
      DumperOptions style = new DumperOptions();
      style.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
      Yaml yaml = new Yaml(style);
      List<Map<String, Object>> entries = yaml.load(Files.readString(file));
      Map<String, Object> entry =
          entries.stream()
              .filter(e -> KIND.equals(e.get("kind")))
              .findFirst()
              .orElseThrow(() -> new BenchException(file + " has no " + KIND + " entry."));
      entry.remove("rollout");
      policy.ifPresent(p -> entry.put("rollout", yaml(p)));
      Files.writeString(file, yaml.dump(entries));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    TemplatedKind watch = load(root, TemplateCopy::watch);
    watch
        .problem()
        .ifPresent(
            problem -> {
              throw new BenchException(file + " refuses the rollout: " + problem.reason());
            });
    return watch.rollout();
  }

  /**
   * The hash of the revision that {@link #edit edit(number)} will make, worked out on a scratch
   * copy, so that an observer can look for it before the operator sees the edit.
   */
  String hashAfterEdit(int number) {
    try {
      return hashWith(edited(number));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sets {@link TemplateEdit#VARIABLE} to {@code number} in the Deployment template, in one atomic
   * move so that the operator never reads half a file.
   */
  void edit(int number) {
    try {
      String edited = edited(number);
      Path staged = Files.createTempFile(root.getParent(), "edit-", ".yaml.j2");
      Files.writeString(staged, edited);
      Files.move(staged, deploymentTemplate, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String edited(int number) throws IOException {
    return TemplateEdit.apply(Files.readString(deploymentTemplate), number);
  }

  /** The hash of the WebServer templates' revision as they are now. */
  String hash() {
    return hash(root);
  }

  /** The hash the templates would have with the Deployment template's text {@code edited}. */
  private String hashWith(String edited) throws IOException {
    Path scratch = Files.createTempDirectory(root.getParent(), "revision-");
    try {
      TemplateCopy copy = of(root, scratch);
      Files.writeString(copy.deploymentTemplate, edited);
      return hash(scratch);
    } finally {
      delete(scratch);
    }
  }

  private static String hash(Path root) {
    try (TemplateRegistry registry = TemplateRegistry.load(root.resolve("watches.yaml"))) {
      TemplatedKind watch = watch(registry);
      registry
          .loadFailure(watch)
          .ifPresent(
              failure -> {
                throw new BenchException(
                    "The templates under " + root + " do not load: " + failure.getMessage());
              });
      return registry.current(watch).map(TemplateRevision::hash).orElseThrow();
    }
  }

  private static TemplatedKind watch(TemplateRegistry registry) {
    return registry
        .watchFor(API_VERSION, KIND)
        .orElseThrow(() -> new BenchException("watches.yaml has no " + KIND + " entry."));
  }

  private static TemplatedKind load(Path root, Function<TemplateRegistry, TemplatedKind> find) {
    try (TemplateRegistry registry = TemplateRegistry.load(root.resolve("watches.yaml"))) {
      return find.apply(registry);
    }
  }

  /** The file of the kind's folder that renders its Deployment. */
  private static Path deploymentTemplate(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml.j2")).sorted().toList()) {
        if (Files.readString(file).contains("kind: Deployment")) {
          return file;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new BenchException("No template under " + folder + " renders a Deployment.");
  }

  /** As watches.yaml writes a policy; the deadline in whole seconds. */
  private static Map<String, Object> yaml(RolloutPolicy policy) {
    Map<String, Object> rollout = new LinkedHashMap<>();
    rollout.put(
        "steps",
        policy.steps().stream()
            .map(step -> step instanceof RolloutStep.Count count ? count.count() : step.toString())
            .toList());
    rollout.put("progressDeadline", Math.toIntExact(policy.progressDeadline().toSeconds()));
    rollout.put("maxUnready", policy.maxUnready());
    return rollout;
  }

  private static void delete(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
