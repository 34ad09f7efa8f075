package io.webserveroperator.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.diff.Refusal;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The API server's own answers to the changes a template may make that it refuses, captured on a
 * real kube-apiserver (fixtures under {@code apply/refusals}: each file an object as created, then
 * as changed), and what the operator makes of each: which are fields that cannot change (refused
 * values, and the object accepted as new by a dry-run create), and which are never a reason to
 * delete.
 */
class RefusalAnswersIT {

  private static final Path FIXTURES =
      Project.file("src/test/resources/io/webserveroperator/apply/refusals");
  private static final YAMLMapper YAML = new YAMLMapper();

  private KubernetesClient admin;
  private String namespace;
  private Applier applier;

  @BeforeAll
  static void installTheCustomKindAndTheStorageClass() {
    new FolderApplier(KubeTestBed.get().client(), Duration.ofSeconds(30))
        .apply(FIXTURES.resolve("cluster"));
  }

  @BeforeEach
  void setUp() {
    KubeTestBed bed = KubeTestBed.get();
    admin = bed.client();
    namespace = bed.newNamespace("refusals");
    applier = new Applier(admin, new KindResolver(admin), ApplyOptions.defaults());
  }

  @Test
  void aDeploymentsSelectorIsAFieldThatCannotChange() throws IOException {
    Answer answer = answer("deployment-selector.yaml", false);

    assertThat(answer.refusal().code()).isEqualTo(422);
    assertThat(answer.refusal().causes())
        .singleElement()
        .satisfies(cause -> assertCause(cause, "FieldValueInvalid", "spec.selector"));
    assertThat(answer.replanned())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.action()).isEqualTo(Action.REFUSED);
              assertThat(entry.note())
                  .startsWith(
                      "Deployment "
                          + namespace
                          + "/web: the API server refuses this change of spec.selector (field is"
                          + " immutable), though it would accept the object as new; the template"
                          + " changes /spec/selector/matchLabels/tier to \"web\"")
                  .endsWith(
                      "annotate it webserver-operator.io/force: enabled in"
                          + " deployment-selector.yaml.");
            });
  }

  @Test
  void aServicesClusterIpIsAFieldThatCannotChange() throws IOException {
    Answer answer = answer("service-cluster-ip.yaml", false);

    assertThat(answer.refusal().causes())
        .singleElement()
        .satisfies(cause -> assertCause(cause, "FieldValueInvalid", "spec.clusterIPs[0]"));
    assertThat(answer.replanned()).extracting(PlanEntry::action).containsExactly(Action.RECREATE);
  }

  @Test
  void aJobsTemplateIsAFieldThatCannotChangeToldWithoutItsDump() throws IOException {
    Answer answer = answer("job-template.yaml", false);

    assertThat(answer.refusal().causes())
        .singleElement()
        .satisfies(cause -> assertCause(cause, "FieldValueInvalid", "spec.template"));
    assertThat(answer.refusal().message())
        .as("the API server's own words")
        .hasSizeGreaterThan(2000);
    assertThat(answer.replanned())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.action()).isEqualTo(Action.REFUSED);
              assertThat(entry.note())
                  .contains("spec.template (field is immutable)")
                  .contains("/spec/template/spec/containers/0/image to \"busybox:1.37\"")
                  .hasSizeLessThan(500);
            });
  }

  @Test
  void aStatefulSetsClaimTemplatesAreForbiddenToChange() throws IOException {
    Answer answer = answer("statefulset-claims.yaml", false);

    assertThat(answer.refusal().causes())
        .singleElement()
        .satisfies(cause -> assertCause(cause, "FieldValueForbidden", "spec"));
    assertThat(answer.replanned())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.action()).isEqualTo(Action.REFUSED);
              assertThat(entry.note())
                  .contains(
                      "/spec/volumeClaimTemplates/0/spec/resources/requests/storage to \"2Gi\"")
                  .contains("its pods and claims stay, for the new one to adopt");
            });
  }

  @Test
  void aClaimThatWouldShrinkCannotChangeAndIsNeverRecreated() throws IOException {
    Answer answer = answer("claim-shrink.yaml", true);

    assertThat(answer.refusal().causes())
        .singleElement()
        .satisfies(
            cause -> assertCause(cause, "FieldValueForbidden", "spec.resources.requests.storage"));
    assertThat(answer.replanned())
        .singleElement()
        .satisfies(
            entry -> {
              assertThat(entry.action()).isEqualTo(Action.REFUSED);
              assertThat(entry.note())
                  .contains("A PersistentVolumeClaim is never deleted to be made again");
            });
  }

  @Test
  void aCustomKindsTransitionRuleIsAFieldThatCannotChange() throws IOException {
    Answer answer = answer("custom-transition-rule.yaml", false);

    assertThat(answer.refusal().causes())
        .singleElement()
        .satisfies(cause -> assertCause(cause, "FieldValueInvalid", "spec.engine"));
    assertThat(answer.replanned())
        .singleElement()
        .satisfies(
            entry ->
                assertThat(entry.note())
                    .contains("spec.engine (engine cannot change once set)")
                    .contains("/spec/engine to \"mysql\""));
  }

  @Test
  void anObjectWrongInItselfIsNoFieldThatCannotChange() throws IOException {
    Answer answer = answer("deployment-invalid.yaml", false);

    assertThat(answer.refusal().refusesFieldValues()).isTrue();
    assertThat(answer.acceptedAsNew()).as("a dry-run create of it").isFalse();
    assertThat(answer.replanned()).as("never a reason to delete").isEmpty();
  }

  @Test
  void aClaimWhoseStorageClassCannotExpandIsForbiddenByAdmissionWithoutAField() throws IOException {
    Answer answer = answer("claim-grow.yaml", true);

    assertThat(answer.refusal().code()).isEqualTo(403);
    assertThat(answer.refusal().reason()).isEqualTo("Forbidden");
    assertThat(answer.refusal().causes()).isEmpty();
    assertThat(answer.refusal().refusesFieldValues()).isFalse();
    assertThat(answer.exception().isTerminal()).as("a 403 on an update").isTrue();
  }

  private static void assertCause(Refusal.Cause cause, String type, String field) {
    assertThat(cause.type()).isEqualTo(type);
    assertThat(cause.field()).isEqualTo(field);
  }

  /**
   * What the API server answers to the fixture's second object once its first is created, and the
   * plan the operator makes of that answer.
   *
   * @param bound write the claim's status as the volume binder would, Bound with its request
   */
  private Answer answer(String fixture, boolean bound) throws IOException {
    List<Map<String, Object>> documents = documents(FIXTURES.resolve(fixture));
    Map<String, Object> before = inNamespace(documents.get(0));
    Map<String, Object> after = inNamespace(documents.get(1));
    ObjectRef ref = ObjectRef.of(before);
    Map<String, Object> live =
        ResourceMaps.of(admin.getKubernetesSerialization(), applier.apply(ref, before));
    if (bound) {
      admin
          .persistentVolumeClaims()
          .inNamespace(namespace)
          .withName(ref.name())
          .editStatus(
              claim -> {
                claim.getStatus().setPhase("Bound");
                claim.getStatus().setCapacity(claim.getSpec().getResources().getRequests());
                return claim;
              });
    }
    PlanEntry update = new Planner().compare(new RenderedObject(ref, after, fixture), live);
    assertThat(update.action()).isEqualTo(Action.UPDATE);
    ApplyException refused = null;
    try {
      applier.apply(update);
      fail("the API server accepted " + fixture);
    } catch (ApplyException e) {
      refused = e;
    }
    boolean accepted = refused.refusal().refusesFieldValues() && applier.acceptedAsNew(update);
    List<PlanEntry> replanned =
        refused.refusal().refusesFieldValues()
            ? new Planner().refused(update, refused.refusal(), () -> accepted, applier::claims)
            : List.of();
    System.out.println("RefusalAnswersIT: " + fixture + ": " + refused.refusal());
    return new Answer(refused, accepted, replanned);
  }

  private record Answer(
      ApplyException exception, boolean acceptedAsNew, List<PlanEntry> replanned) {
    Refusal refusal() {
      return exception.refusal();
    }
  }

  private Map<String, Object> inNamespace(Map<String, Object> object) {
    UntypedMaps.getOrCreateMap(object, "metadata").put("namespace", namespace);
    return object;
  }

  private static List<Map<String, Object>> documents(Path file) throws IOException {
    try (MappingIterator<Map<String, Object>> values =
        YAML.readerForMapOf(Object.class).readValues(Files.readString(file))) {
      return values.readAll();
    }
  }
}
