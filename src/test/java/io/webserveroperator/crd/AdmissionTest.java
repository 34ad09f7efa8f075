package io.webserveroperator.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.webserveroperator.testing.Project;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A resource admitted as the API server admits it: the CRD's defaults, then its validation, with
 * the API server's messages. AdmissionIT compares the defaults with a real API server's.
 */
class AdmissionTest {

  private static final Admission SHOPS =
      Admission.of(CrdFolder.read(Project.file("src/test/resources/io/webserveroperator/crd")));

  @Test
  void fillsInDefaultsIncludingThoseOfAnObjectDefaultedToEmpty() {
    Map<String, Object> admitted =
        SHOPS.admit(shop(spec("version", "16", "ports", List.of(map("port", 80)))));

    assertThat(admitted.get("spec"))
        .isEqualTo(
            map(
                "version",
                "16",
                "ports",
                List.of(map("port", 80, "protocol", "TCP")),
                "replicas",
                1,
                "tier",
                "small",
                "storage",
                map("size", "1Gi")));
  }

  @Test
  void leavesTheResourceGivenAsItIsAndKeepsMetadataApart() {
    Map<String, Object> given = shop(spec("version", "16"));

    Map<String, Object> admitted = SHOPS.admit(given);

    assertThat(given.get("spec")).isEqualTo(spec("version", "16"));
    assertThat(admitted).containsEntry("metadata", given.get("metadata"));
    assertThat(admitted.keySet()).containsExactly("apiVersion", "kind", "metadata", "spec");
  }

  @Test
  void dropsANullThatTheSchemaNeitherAllowsNorDefaultsAndDefaultsOneItDefaults() {
    Map<String, Object> spec = spec("version", "16", "replicas", null, "name", null, "note", null);

    Map<String, Object> admitted = SHOPS.admit(shop(spec));

    assertThat(admitted.get("spec"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("replicas", 1)
        .doesNotContainKey("name")
        .containsEntry("note", null);
  }

  @Test
  void refusesWithTheApiServersWords() {
    Map<String, Object> spec =
        spec(
            "replicas",
            0,
            "tier",
            "huge",
            "name",
            "a",
            "ratio",
            0,
            "tags",
            List.of("a", "a", "b"),
            "labels",
            map("app", 3),
            "port",
            true,
            "colour",
            "red");

    AdmissionException e =
        catchThrowableOfType(AdmissionException.class, () -> SHOPS.admit(shop(spec)));

    assertThat(e.errors())
        .extracting(FieldError::toString)
        .containsExactlyInAnyOrder(
            "spec.version: Required value",
            "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or"
                + " equal to 1",
            "spec.tier: Unsupported value: \"huge\": supported values: \"small\", \"large\"",
            "spec.name: Invalid value: \"a\": spec.name in body should be at least 2 chars long",
            "spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0",
            "spec.tags: Too many: 3: must have at most 2 items",
            "spec.tags[1]: Duplicate value: \"a\"",
            "spec.labels.app: Invalid value: \"integer\": spec.labels.app in body must be of type"
                + " string: \"integer\"",
            "spec.port: Invalid value: \"boolean\": spec.port in body must be of type"
                + " integer,string: \"boolean\"",
            "spec.colour: unknown field: the schema declares version, code, zone, replicas, tier,"
                + " name,"
                + " ratio, storage, tags, ports, labels, note, port, extra (kubectl's default"
                + " strict field validation refuses it)");
    assertThat(e.getMessage())
        .startsWith(
            "Shop default/big would be refused by the API server ("
                + Project.file("src/test/resources/io/webserveroperator/crd/shops.yaml")
                + "): ");
  }

  @Test
  void matchesPatternsAsGosRegexpDoesAnywhereInTheTextUnlessAnchored() {
    assertThat(SHOPS.admit(shop(spec("version", "v16-beta")))).isNotNull();

    AdmissionException unanchored =
        catchThrowableOfType(
            AdmissionException.class, () -> SHOPS.admit(shop(spec("version", "beta"))));
    assertThat(unanchored.errors())
        .extracting(FieldError::toString)
        .containsExactly(
            "spec.version: Invalid value: \"beta\": spec.version in body should match '[0-9]+'");
    // \d is ASCII in RE2, as in Go: Arabic-Indic digits are not digits.
    AdmissionException digits =
        catchThrowableOfType(
            AdmissionException.class,
            () -> SHOPS.admit(shop(spec("version", "1", "code", "\u0661\u0662\u0663"))));
    assertThat(digits.errors())
        .singleElement()
        .hasToString(
            "spec.code: Invalid value: \"\u0661\u0662\u0663\": spec.code in body should match"
                + " '^\\d{3}$'");
  }

  @Test
  void readsPosixClassesAsRe2DoesWhereJavasRegexWouldReadACharacterSet() {
    assertThat(SHOPS.admit(shop(spec("version", "1", "zone", "eu-1")))).isNotNull();
    AdmissionException e =
        catchThrowableOfType(
            AdmissionException.class,
            () -> SHOPS.admit(shop(spec("version", "1", "zone", "l:-d"))));
    assertThat(e.errors()).extracting(FieldError::path).containsExactly("spec.zone");
  }

  @Test
  void letsAnythingThroughWhereTheSchemaPreservesUnknownFields() {
    Map<String, Object> spec = spec("version", "1", "extra", map("any", map("thing", List.of(1))));

    assertThat(SHOPS.admit(shop(spec)).get("spec")).asString().contains("thing");
  }

  @Test
  void passesAResourceOfAKindWithoutACrdUnchanged() {
    Map<String, Object> other = new HashMap<>(shop(spec("anything", "goes")));
    other.put("kind", "Other");

    assertThat(SHOPS.admit(other)).isEqualTo(other);
    assertThat(Admission.none().admit(shop(map()))).isEqualTo(shop(map()));
  }

  private static Map<String, Object> shop(Map<String, Object> spec) {
    Map<String, Object> shop = new LinkedHashMap<>();
    shop.put("apiVersion", "test.example.com/v1");
    shop.put("kind", "Shop");
    shop.put("metadata", map("name", "big", "namespace", "default"));
    shop.put("spec", spec);
    return shop;
  }

  private static Map<String, Object> spec(Object... keysAndValues) {
    return map(keysAndValues);
  }

  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      Object value = keysAndValues[i + 1];
      map.put((String) keysAndValues[i], value instanceof List<?> l ? new ArrayList<>(l) : value);
    }
    return map;
  }
}
