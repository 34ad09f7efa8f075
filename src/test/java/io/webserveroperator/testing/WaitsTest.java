package io.webserveroperator.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A failed wait says what it waited for and what it saw last, and integration tests wait only
 * through {@link Waits}. The waits here are cut short, as no test should wait 90 s to fail.
 */
class WaitsTest {

  private static final Duration SHORT = Duration.ofMillis(300);

  /** The class files of {@code *IT} classes, with their nested and anonymous classes. */
  private static final Pattern INTEGRATION_TEST = Pattern.compile(".*IT(\\$[^/]*)?\\.class$");

  @Test
  void aFailedWaitNamesWhatItWaitedForAndTheLastValueRead() {
    AtomicInteger replicas = new AtomicInteger();

    assertThatThrownBy(
            () ->
                Waits.until(
                    Waits.await("the replicas of web").atMost(SHORT),
                    replicas::incrementAndGet,
                    r -> r == 0))
        .isInstanceOf(ConditionTimeoutException.class)
        .hasMessageContaining("the replicas of web")
        .hasMessageContaining("the last value read was <" + replicas.get() + ">");
  }

  @Test
  void aFailedWaitWithAStateCarriesItReadOnceAtTheTimeout() {
    AtomicInteger reads = new AtomicInteger();

    assertThatThrownBy(
            () ->
                Waits.until(
                    Waits.await("orders Ready").atMost(SHORT),
                    () -> "Pending",
                    "Ready"::equals,
                    () -> "claim data-orders-db-0: Pending (read " + reads.incrementAndGet() + ")"))
        .isInstanceOf(ConditionTimeoutException.class)
        .hasMessageContaining("orders Ready")
        .hasMessageContaining("the last value read was \"Pending\"")
        .hasMessageContaining("claim data-orders-db-0: Pending (read 1)");
    assertThat(reads).hasValue(1);
  }

  @Test
  void aWaitForSomethingGoneHoldsOnNull() {
    Object gone =
        Waits.until(Waits.await("a deleted object").atMost(SHORT), () -> null, Objects::isNull);
    assertThat(gone).isNull();
    assertThatThrownBy(
            () ->
                Waits.until(
                    Waits.await("a created object").atMost(SHORT), () -> null, Objects::nonNull))
        .hasMessageContaining("the last value read was null");
  }

  @Test
  void aFailedAssertionSaysWhatItSaw() {
    assertThatThrownBy(
            () ->
                Waits.await("web's events")
                    .atMost(SHORT)
                    .untilAsserted(() -> assertThat(List.of("Created")).contains("DriftCorrected")))
        .isInstanceOf(ConditionTimeoutException.class)
        .hasMessageContaining("[\"Created\"]")
        .hasMessageContaining("DriftCorrected");
  }

  @Test
  void aWaitThatHoldsReturnsTheValueAtOnce() {
    assertThat(Waits.until("a constant", () -> "ready", "ready"::equals)).isEqualTo("ready");
  }

  @Test
  void integrationTestsWaitOnlyThroughWaits() {
    JavaClasses integrationTests =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
            .withImportOption(location -> location.matches(INTEGRATION_TEST))
            .importPackages("io.webserveroperator");

    noClasses()
        .should()
        .callMethod(Awaitility.class, "await")
        .orShould()
        .callMethod(Awaitility.class, "await", String.class)
        .orShould()
        .callMethod(ConditionFactory.class, "until", Callable.class)
        .orShould()
        .callMethod(ConditionFactory.class, "until", Callable.class, Predicate.class)
        .because(
            "an integration test waits with Waits.TIMEOUT and a condition that says what it saw,"
                + " null included")
        .check(integrationTests);
  }
}
