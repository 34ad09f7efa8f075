package io.webserveroperator.templatetest;

import io.webserveroperator.OperatorException;
import io.webserveroperator.crd.Admission;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.YamlFiles;
import io.webserveroperator.template.KindFolder;
import io.webserveroperator.template.ParsedRevision;
import io.webserveroperator.template.ReadinessRules;
import io.webserveroperator.template.TemplateInput;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs the test files of every kind in {@code watches.yaml}: {@code <kind folder>/tests/*.yaml},
 * kinds in file order, files in name order, cases in file order, rendering with the same registry
 * the operator uses, each case's resource as the API server would store it.
 */
public final class TemplateTestRunner {

  /** The folder, inside each kind's templates, that holds its tests. */
  public static final String TESTS = KindFolder.TESTS;

  private final boolean updateSnapshots;
  private final Consumer<CaseResult> onCase;
  private final Admission admission;

  /** A runner that renders each case's resource as it is written, with no CRD's say. */
  public TemplateTestRunner(boolean updateSnapshots, Consumer<CaseResult> onCase) {
    this(updateSnapshots, onCase, Admission.none());
  }

  /**
   * @param updateSnapshots replace stored snapshots that differ, instead of failing
   * @param onCase told of each case as it ends, to print progress
   * @param admission what the API server would make of each case's resource before it renders: its
   *     CRD's defaults filled in, and a refusal failing the render as a template error does
   */
  public TemplateTestRunner(
      boolean updateSnapshots, Consumer<CaseResult> onCase, Admission admission) {
    this.updateSnapshots = updateSnapshots;
    this.onCase = onCase;
    this.admission = admission;
  }

  /**
   * Runs every test of the templates that {@code watchesYaml} lists.
   *
   * @throws OperatorException when watches.yaml cannot be read or a snapshot file not written
   */
  public TestRun run(Path watchesYaml) {
    Path root = watchesYaml.toAbsolutePath().normalize().getParent();
    List<CaseResult> results = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    try (TemplateRegistry registry = TemplateRegistry.load(watchesYaml)) {
      for (TemplatedKind watch : registry.watches()) {
        Path folder = root.resolve(watch.templates()).resolve(TESTS);
        if (!Files.isDirectory(folder)) {
          continue;
        }
        for (Path file : YamlFiles.in(folder)) {
          String name = root.relativize(file).toString().replace('\\', '/');
          TestSuite suite;
          try {
            suite = SuiteReader.read(file, name, watch);
          } catch (TemplateTestException e) {
            report(
                results,
                new CaseResult(name, CaseResult.FILE, List.of(e.getMessage()), Duration.ZERO));
            continue;
          }
          SnapshotStore snapshots = SnapshotStore.of(suite.file(), updateSnapshots);
          for (TestCase testCase : suite.cases()) {
            report(results, run(registry, suite, testCase, snapshots));
          }
          if (snapshots.save()) {
            written.add(snapshots.file());
          }
        }
      }
    }
    return new TestRun(results, written);
  }

  private CaseResult run(
      TemplateRegistry registry, TestSuite suite, TestCase testCase, SnapshotStore snapshots) {
    long start = System.nanoTime();
    ParsedRevision revision = null;
    OperatorException loadError = null;
    Rendering rendering;
    try {
      revision =
          registry.resolve(
              suite.watch(), Optional.empty(), Owner.of(testCase.resource()).toString());
      rendering =
          Rendering.of(
              revision.render(
                  TemplateInput.of(admission.admit(testCase.resource())), testCase.cluster()));
    } catch (OperatorException e) {
      loadError = revision == null ? e : null;
      rendering = Rendering.failed(e);
    }
    ReadinessRules readiness = revision == null ? null : revision.readiness();
    CaseContext context = new CaseContext(rendering, snapshots, readiness, loadError);
    List<String> failures = new ArrayList<>();
    for (Assertion assertion : testCase.assertions()) {
      try {
        assertion.check(context);
      } catch (AssertionFailure | TemplateTestException e) {
        // A Secret the templates looked up is shown masked, as render and diff show it.
        failures.add(rendering.secrets().mask(assertion.describe() + ": " + e.getMessage()));
      }
    }
    return new CaseResult(
        suite.name(), testCase.name(), failures, Duration.ofNanos(System.nanoTime() - start));
  }

  private void report(List<CaseResult> results, CaseResult result) {
    results.add(result);
    onCase.accept(result);
  }
}
