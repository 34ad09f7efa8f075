package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The message of the {@code PruneDeferred} event. */
class PruneDeferralsTest {

  private static final ObjectRef OLD = new ObjectRef("apps/v1", "Deployment", "shop", "web-old");
  private static final ObjectRef NEW = new ObjectRef("apps/v1", "Deployment", "shop", "web-new");
  private static final ObjectRef INGRESS =
      new ObjectRef("networking.k8s.io/v1", "Ingress", "shop", "web");
  private static final ObjectRef JOB = new ObjectRef("batch/v1", "Job", "shop", "migrate");

  @Test
  void namesWhatWaitsAndWhatItWaitsFor() {
    assertThat(PruneDeferrals.message(List.of(OLD), List.of(NEW)))
        .isEqualTo("Deployment shop/web-old is deleted once Deployment shop/web-new is ready");
  }

  @Test
  void namesEveryObjectOnEachSide() {
    assertThat(PruneDeferrals.message(List.of(OLD, INGRESS), List.of(NEW, JOB)))
        .isEqualTo(
            "Deployment shop/web-old, Ingress shop/web are deleted once Deployment shop/web-new,"
                + " Job shop/migrate are ready");
  }
}
