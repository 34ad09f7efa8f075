package io.webserveroperator.templatetest;

import io.webserveroperator.manifest.YamlFiles;
import io.webserveroperator.template.ClusterReads;
import io.webserveroperator.template.watches.TemplatedKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The resources a kind's test cases render, for tools other than {@code test}: {@code lint}
 * validates what they render against the Kubernetes schemas.
 */
public final class CaseResources {

  /**
   * One case's resource, as the case renders it ({@code set} applied, defaults filled in).
   *
   * @param file the test file
   * @param caseName the case's {@code it}
   * @param resource the custom resource
   * @param cluster the objects its lookups find and its children, as the case gives them
   */
  public record CaseResource(
      Path file, String caseName, Map<String, Object> resource, ClusterReads cluster) {}

  private CaseResources() {}

  /**
   * The resources of the cases under {@code kindFolder}'s tests folder that expect objects: a case
   * with {@code failedTemplate} is left out, and so is a file that does not read, which {@code
   * test} reports.
   */
  public static List<CaseResource> of(Path kindFolder, TemplatedKind watch) {
    Path folder = kindFolder.resolve(TemplateTestRunner.TESTS);
    List<CaseResource> resources = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return resources;
    }
    for (Path file : YamlFiles.in(folder)) {
      TestSuite suite;
      try {
        suite = SuiteReader.read(file, file.toString(), watch);
      } catch (TemplateTestException e) {
        continue;
      }
      for (TestCase testCase : suite.cases()) {
        boolean expectsObjects =
            testCase.assertions().stream().noneMatch(FailedTemplate.class::isInstance);
        if (expectsObjects) {
          resources.add(
              new CaseResource(file, testCase.name(), testCase.resource(), testCase.cluster()));
        }
      }
    }
    return resources;
  }
}
