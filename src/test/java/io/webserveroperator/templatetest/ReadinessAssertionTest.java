package io.webserveroperator.templatetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code readiness: {object, is, messageContains}} judges a live object (inline or a file) or the
 * rendered one as the operator would: by the tested kind's readiness rule, else by the built-in
 * rules; a wrong state or message fails the case saying what the operator would report.
 */
class ReadinessAssertionTest {

  @Test
  void judgesLiveObjectsByTheKindsRulesAndTheBuiltInOnes() {
    TestRun run =
        new TemplateTestRunner(false, result -> {}).run(Fixtures.path("readiness/watches.yaml"));
    Map<String, CaseResult> cases =
        run.cases().stream().collect(Collectors.toMap(CaseResult::name, Function.identity()));

    assertThat(cases.values().stream().filter(CaseResult::passed).map(CaseResult::name))
        .containsExactlyInAnyOrder(
            "a Widget whose phase is Ready is ready",
            "a pending Widget progresses with its phase",
            "the rendered Widget progresses until its controller reports",
            "a failed Widget has failed",
            "kinds without a rule keep the built-in rules");
    assertThat(cases.get("fails on purpose with another state").failures())
        .containsExactly(
            "readiness is Ready of Widget default/shop-widget: Widget default/shop-widget is"
                + " Progressing, not Ready: phase is Pending");
    assertThat(cases.get("fails on purpose with another message").failures())
        .containsExactly(
            "readiness is Progressing of Widget default/shop-widget: Widget default/shop-widget is"
                + " Progressing with another message:\n    phase is Pending");
  }

  @Test
  void aKindWithoutRulesIsJudgedByTheBuiltInRules() {
    List<Assertion> assertions =
        Fixtures.assertions(
            """
            - readiness: {is: Progressing, messageContains: "0 of 3 replicas updated"}
              document: {kind: Deployment}
            - readiness: {is: Ready}
              document: {kind: Service}
            """);
    CaseContext context =
        new CaseContext(
            Fixtures.rendered(), SnapshotStore.of(Fixtures.path("rendered.yaml"), false));

    assertions.forEach(assertion -> assertion.check(context));
  }

  @Test
  void badArgumentsNameTheStatesAndWhatAnObjectNeeds() {
    assertThatThrownBy(() -> Fixtures.assertions("- readiness: {is: Done}"))
        .hasMessage(
            "t.yaml: case \"a case\": asserts[0] readiness: 'is' must be one of [Ready,"
                + " Progressing, Failed], not Done.");
    assertThatThrownBy(
            () -> Fixtures.assertions("- readiness: {is: Ready, object: {metadata: {name: x}}}"))
        .hasMessage(
            "t.yaml: case \"a case\": asserts[0] readiness: 'object' needs its apiVersion, which"
                + " picks the readiness rule.");
    assertThatThrownBy(() -> Fixtures.assertions("- readiness: {object: {}}"))
        .hasMessage("t.yaml: case \"a case\": asserts[0] readiness needs 'is'.");
    assertThatThrownBy(() -> Fixtures.assertions("- readiness: {is: Ready, message: x}"))
        .hasMessageContaining("readiness takes [is, messageContains, object], not [message].");
  }
}
