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
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
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

  /** The pipeline's stages in the order they run: a new stage goes into this list in its place. */
  static final List<String> STAGES =
      List.of(
          "Build and unit test",
          "Lint",
          "Template tests",
          "Integration test",
          "Image",
          "Diff",
          "Deploy",
          "Verify");

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
  void runsTheStagesInOrder() {
    assertThat(stages().stream().map(JenkinsfileTest::stageName).toList())
        .as("the stage('...') blocks of pipeline { stages { ... } }")
        .containsExactlyElementsOf(STAGES);
  }

  @Test
  void everyStageHasSteps() {
    assertThat(stages())
        .allSatisfy(
            stage ->
                assertThat(blockCalls(stage))
                    .as("stage('%s')", stageName(stage))
                    .anyMatch(call -> call.getMethodAsString().equals("steps")));
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

  /** The {@code stage(...)} calls directly in {@code pipeline { stages { ... } }}, in order. */
  private static List<MethodCallExpression> stages() {
    MethodCallExpression pipeline =
        calls.stream()
            .filter(call -> call.getMethodAsString().equals("pipeline"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("The Jenkinsfile has no pipeline { } block."));
    MethodCallExpression stages =
        blockCalls(pipeline).stream()
            .filter(call -> call.getMethodAsString().equals("stages"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("The pipeline has no stages { } block."));
    List<MethodCallExpression> inside = blockCalls(stages);
    assertThat(inside)
        .as("only stage('...') blocks inside stages { }")
        .allMatch(call -> call.getMethodAsString().equals("stage"));
    return inside;
  }

  /** The name a {@code stage('NAME') { ... }} call gives. */
  private static String stageName(MethodCallExpression stage) {
    List<Expression> args = ((TupleExpression) stage.getArguments()).getExpressions();
    return args.get(0) instanceof ConstantExpression name && name.getValue() instanceof String text
        ? text
        : "(not a plain string: " + args.get(0).getText() + ")";
  }

  /**
   * The calls that stand as statements in the closure a call ends with ({@code name { ... }}), in
   * order; not those nested deeper.
   */
  private static List<MethodCallExpression> blockCalls(MethodCallExpression call) {
    List<Expression> args = ((TupleExpression) call.getArguments()).getExpressions();
    if (args.isEmpty() || !(args.get(args.size() - 1) instanceof ClosureExpression closure)) {
      return List.of();
    }
    List<MethodCallExpression> inside = new ArrayList<>();
    for (Statement statement : ((BlockStatement) closure.getCode()).getStatements()) {
      if (statement instanceof ExpressionStatement expression
          && expression.getExpression() instanceof MethodCallExpression nested) {
        inside.add(nested);
      }
    }
    return inside;
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
