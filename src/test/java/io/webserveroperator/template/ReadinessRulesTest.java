package io.webserveroperator.template;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.template.ReadinessVerdict.State;
import io.webserveroperator.template.watches.ReadinessRule;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Readiness rules of watches.yaml judge live children with Jinja expressions over {@code object}:
 * {@code failed} first, then {@code ready}, with {@code message} (or one naming the rule) while not
 * ready; an expression that cannot be evaluated never makes a child ready and says why.
 */
class ReadinessRulesTest {

  static final String SITE = "watches.yaml entry 1 (Site)";

  TemplateRegistry registry;
  ReadinessRules rules;

  @BeforeEach
  void load() {
    registry = TemplateRegistry.load(Fixtures.path("readiness/watches.yaml"));
    rules = Fixtures.readiness(registry, registry.watches().get(0));
  }

  @AfterEach
  void close() {
    registry.close();
  }

  @Test
  void aChildIsReadyWhenItsRuleHolds() {
    assertThat(judge("widget-ready")).isEqualTo(State.READY);
    assertThat(rules.judge(object("widget-ready")).message()).isEmpty();
  }

  @Test
  void whileTheRuleDoesNotHoldTheChildProgressesWithTheRenderedMessage() {
    ReadinessVerdict judgement = rules.judge(object("widget-pending"));

    assertThat(judgement.state()).isEqualTo(State.PROGRESSING);
    assertThat(judgement.message()).isEqualTo("phase is Pending");
    assertThat(rules.judge(object("widget-new")).message()).isEqualTo("phase is not set");
  }

  @Test
  void failedHoldingIsAHardFailureWithTheMessage() {
    ReadinessVerdict judgement = rules.judge(object("widget-failed"));

    assertThat(judgement.state()).isEqualTo(State.FAILED);
    assertThat(judgement.message()).isEqualTo("phase is Failed");
  }

  @Test
  void withoutAMessageTheRuleIsNamed() {
    ReadinessVerdict judgement = rules.judge(object("gizmo-not-ready"));

    assertThat(judgement.state()).isEqualTo(State.PROGRESSING);
    assertThat(judgement.message())
        .isEqualTo("not ready: 'ready' does not hold (" + SITE + ", readiness rule 4)");
    assertThat(judge("gizmo-ready")).isEqualTo(State.READY);
  }

  @Test
  void theCertManagerExampleOfTheDocsJudgesCertificatesByTheirReadyCondition() {
    assertThat(judge("certificate-ready")).isEqualTo(State.READY);
    assertThat(rules.judge(object("certificate-issuing")))
        .extracting(ReadinessVerdict::state, ReadinessVerdict::message)
        .containsExactly(State.PROGRESSING, "Issuing certificate as Secret does not exist");
    assertThat(rules.judge(object("certificate-new")))
        .extracting(ReadinessVerdict::state, ReadinessVerdict::message)
        .containsExactly(State.PROGRESSING, "cert-manager gave no message");
    assertThat(rules.judge(object("certificate-failing")))
        .extracting(ReadinessVerdict::state, ReadinessVerdict::message)
        .containsExactly(State.FAILED, "cert-manager gave no message");
  }

  @Test
  void anExpressionThatCannotBeEvaluatedIsNotReadyAndNamesTheRuleAndTheCause() {
    ReadinessVerdict judgement = rules.judge(object("gizmo-new"));

    assertThat(judgement.state()).isEqualTo(State.PROGRESSING);
    assertThat(judgement.message())
        .startsWith(
            SITE
                + ", readiness rule 4 (Gizmo.test.example.com) could not be evaluated: ready:"
                + " unknown variable or undefined value 'object.status.ready'");
  }

  @Test
  void anUnknownFilterOrAJavaCallIsAnErrorOfTheRuleNeverReady() {
    ReadinessVerdict filter = rules.judge(object("doohickey"));
    ReadinessVerdict java = rules.judge(object("thingamajig"));

    assertThat(filter.state()).isEqualTo(State.PROGRESSING);
    assertThat(filter.message()).contains("readiness rule 6", "no filter named 'no_such_filter'");
    assertThat(java.state()).isEqualTo(State.PROGRESSING);
    assertThat(java.message())
        .contains("readiness rule 7", "could not be evaluated: ready: templates cannot call");
  }

  @Test
  void aMessageThatCannotBeEvaluatedKeepsAFailureAFailure() {
    ReadinessVerdict judgement = rules.judge(object("claim-lost"));

    assertThat(judgement.state()).isEqualTo(State.FAILED);
    assertThat(judgement.message())
        .startsWith(
            SITE + ", readiness rule 5 (PersistentVolumeClaim) could not be evaluated: message:")
        .contains("nothing");
  }

  @Test
  void onlyTheRuleOfTheChildsGroupAndKindJudgesIt() {
    // Judged by the built-in rules instead: any kind they do not know is ready once it exists.
    assertThat(rules.judge(object("configmap"))).isEqualTo(ReadinessVerdict.ready());
    assertThat(rules.judge(object("widget-of-another-group"))).isEqualTo(ReadinessVerdict.ready());
    assertThat(
            Fixtures.readiness(registry, registry.watches().get(1)).judge(object("widget-pending")))
        .isEqualTo(ReadinessVerdict.ready());
  }

  @Test
  void theRulesAreThoseOfTheEntryInItsOrder() {
    assertThat(rules.rules())
        .extracting(ReadinessRule::kindName)
        .containsExactly(
            "Widget.test.example.com",
            "Certificate.cert-manager.io",
            "Deployment.apps",
            "Gizmo.test.example.com",
            "PersistentVolumeClaim",
            "Doohickey.test.example.com",
            "Thingamajig.test.example.com");
    assertThat(rules.rules().get(0).failed()).isPresent();
    assertThat(rules.rules().get(3).message()).isEmpty();
  }

  private State judge(String name) {
    return rules.judge(object(name)).state();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(String name) {
    return Optional.ofNullable(
            (Map<String, Object>) Fixtures.yaml("readiness/live-objects.yaml").get(name))
        .orElseThrow(() -> new IllegalArgumentException("no live object " + name));
  }
}
