package io.webserveroperator.ci;

import static org.assertj.core.api.Assertions.assertThat;

import groovy.lang.GroovyShell;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.codehaus.groovy.ast.CodeVisitorSupport;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.Phases;
import org.codehaus.groovy.control.SourceUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Jenkinsfile is valid Groovy and has the pipeline's stages in order, so a broken pipeline
 * fails this build rather than the CI server's.
 */
class JenkinsfileTest {

  static String jenkinsfile;
  static final List<MethodCallExpression> calls = new ArrayList<>();

  @BeforeAll
  static void parse() throws IOException {
    jenkinsfile = Files.readString(Project.file("Jenkinsfile"), StandardCharsets.UTF_8);
    CompilationUnit unit = new CompilationUnit();
    SourceUnit source = unit.addSource("Jenkinsfile", jenkinsfile);
    unit.compile(Phases.CONVERSION);
    source
        .getAST()
        .getStatementBlock()
        .visit(
            new CodeVisitorSupport() {
              @Override
              public void visitMethodCallExpression(MethodCallExpression call) {
                calls.add(call);
                super.visitMethodCallExpression(call);
              }
            });
  }

  @Test
  void compilesAsGroovy() {
    assertThat(new GroovyShell().parse(jenkinsfile, "Jenkinsfile")).isNotNull();
  }

  @Test
  void hasTheStagesInOrder() {
    assertThat(firstStringArguments("stage"))
        .containsExactly(
            "Build and unit test", "Integration test", "Image", "Diff", "Deploy", "Verify");
  }

  @Test
  void onDiffParameterOffersFailApproveAndContinue() {
    MethodCallExpression choice =
        calls.stream()
            .filter(c -> c.getMethodAsString().equals("choice"))
            .findFirst()
            .orElseThrow();
    assertThat(choice.getText()).contains("ON_DIFF", "fail", "approve", "continue");
  }

  @Test
  void diffStageRunsTheDiffCommandAndCanAskForApproval() {
    assertThat(firstStringArguments("sh"))
        .anyMatch(
            script ->
                script.contains(
                    "webserver-operator.jar diff -f samples/ --kubeconfig \"$KUBECONFIG\""));
    assertThat(calls).anyMatch(c -> c.getMethodAsString().equals("input"));
    assertThat(calls).anyMatch(c -> c.getMethodAsString().equals("archiveArtifacts"));
  }

  @Test
  void imageStageBuildsWithDockerOrElseWithHackImageShAndPodman() {
    assertThat(firstStringArguments("sh"))
        .contains(
            "command -v docker >/dev/null",
            "docker build --pull -t \"$IMAGE_REF\" .",
            "docker push \"$IMAGE_REF\"",
            "IMAGE_REQUIRED=1 hack/image.sh \"$IMAGE_REF\"",
            "podman push \"$IMAGE_REF\"");
  }

  @Test
  void verifyWaitsForEveryWebServerToBeReady() {
    assertThat(firstStringArguments("sh"))
        .anyMatch(script -> script.contains("kubectl wait --for=condition=Ready webservers"));
  }

  /** The first argument of every call to {@code method} that is a plain or named string. */
  private static List<String> firstStringArguments(String method) {
    List<String> values = new ArrayList<>();
    for (MethodCallExpression call : calls) {
      if (!call.getMethodAsString().equals(method)
          || !(call.getArguments() instanceof TupleExpression args)) {
        continue;
      }
      for (Expression argument : args.getExpressions()) {
        if (argument instanceof ConstantExpression constant
            && constant.getValue() instanceof String text) {
          values.add(text);
          break;
        }
        if (argument instanceof MapExpression map) {
          for (MapEntryExpression entry : map.getMapEntryExpressions()) {
            if (entry.getValueExpression() instanceof ConstantExpression constant
                && constant.getValue() instanceof String text
                && "script".equals(entry.getKeyExpression().getText())) {
              values.add(text);
            }
          }
        }
      }
    }
    return values;
  }
}
