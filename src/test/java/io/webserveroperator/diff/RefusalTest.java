package io.webserveroperator.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The API server's answer read as data, and told to people without its value dumps. */
class RefusalTest {

  /** The start of what the API server printed for a Job whose image changed: 4 KB in all. */
  private static final String JOB_TEMPLATE =
      "Invalid value: {\"labels\":{\"batch.kubernetes.io/controller-uid\":\"ff70a920\","
          + "\"job-name\":\"j\"},\"Spec\":{\"Volumes\":null,\"Containers\":[{\"Name\":\"c\","
          + "\"Image\":\"busybox:1.37\",\"Command\":null}]}}: field is immutable";

  @Test
  void aValueTooLongToReadIsLeftOutOfTheSentence() {
    Refusal.Cause cause = new Refusal.Cause("FieldValueInvalid", "spec.template", JOB_TEMPLATE);

    assertThat(cause.readable()).isEqualTo("Invalid value: field is immutable");
    assertThat(cause.detail()).isEqualTo("field is immutable");
    assertThat(cause.pointer()).isEqualTo("/spec/template");
  }

  @Test
  void aShortValueStays() {
    Refusal.Cause cause =
        new Refusal.Cause(
            "FieldValueInvalid",
            "spec.clusterIPs[0]",
            "Invalid value: [\"None\"]: may not change once set");

    assertThat(cause.readable()).isEqualTo("Invalid value: [\"None\"]: may not change once set");
    assertThat(cause.detail()).isEqualTo("may not change once set");
    assertThat(cause.pointer()).isEqualTo("/spec/clusterIPs/0");
  }

  @Test
  void onlyRefusedValuesOfFieldsCanBeFieldsThatCannotChange() {
    Refusal.Cause immutable = new Refusal.Cause("FieldValueInvalid", "spec.template", JOB_TEMPLATE);
    Refusal.Cause forbidden =
        new Refusal.Cause("FieldValueForbidden", "spec", "Forbidden: updates to statefulset spec");
    Refusal.Cause required =
        new Refusal.Cause(
            "FieldValueRequired", "spec.template.spec.containers[0].image", "Required value");

    assertThat(new Refusal(422, "Invalid", "", List.of(immutable, forbidden)).refusesFieldValues())
        .isTrue();
    assertThat(new Refusal(422, "Invalid", "", List.of(immutable, required)).refusesFieldValues())
        .as("one cause is no refused value")
        .isFalse();
    assertThat(
            new Refusal(403, "Forbidden", "only dynamically provisioned pvc", List.of())
                .refusesFieldValues())
        .as("an admission plugin's refusal names no field")
        .isFalse();
  }

  @Test
  void readsAsFieldAndCauseForEachCause() {
    Refusal refusal =
        new Refusal(
            422,
            "Invalid",
            "Job.batch \"j\" is invalid: spec.template: " + JOB_TEMPLATE,
            List.of(new Refusal.Cause("FieldValueInvalid", "spec.template", JOB_TEMPLATE)));

    assertThat(refusal.readable()).isEqualTo("spec.template: Invalid value: field is immutable");
    assertThat(refusal.fields()).containsExactly("spec.template");
  }
}
