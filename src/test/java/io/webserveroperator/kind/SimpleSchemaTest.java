package io.webserveroperator.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimpleSchemaTest {

  private static final String NAMES = "apiVersion: v1\nkind: Postgres\ngroup: db.example.com\n";

  @Test
  void readsTheNamesOfTheKind() {
    KindNames names = SchemaFixtures.postgres().names();

    assertThat(names.apiVersion()).isEqualTo("db.example.com/v1");
    assertThat(names.kind()).isEqualTo("Postgres");
    assertThat(names.plural()).isEqualTo("postgres");
    assertThat(names.shortNames()).containsExactly("pg");
    assertThat(names.crdFile()).isEqualTo("db.example.com_postgres.yaml");
  }

  @Test
  void typesAndMarkersBecomeOpenApiAsKroMakesThem() {
    Map<String, Object> spec = SchemaFixtures.postgres().spec();

    assertThat(spec).containsEntry("required", List.of("version"));
    assertThat(UntypedMaps.get(spec, "properties", "version"))
        .isEqualTo(
            Map.of(
                "type", "string",
                "pattern", "^[0-9]+$",
                "description", "Major version of PostgreSQL."));
    assertThat(UntypedMaps.getMap(spec, "properties", "replicas"))
        .containsEntry("type", "integer")
        .containsEntry("default", 1L)
        .containsEntry("minimum", 1L)
        .containsEntry("maximum", 5L);
    assertThat(UntypedMaps.getMap(spec, "properties", "tags"))
        .containsEntry("type", "array")
        .containsEntry("items", Map.of("type", "string"))
        .containsEntry("x-kubernetes-list-type", "set")
        .containsEntry("maxItems", 5L);
    assertThat(UntypedMaps.getMap(spec, "properties", "labels"))
        .containsEntry("additionalProperties", Map.of("type", "string"));
    assertThat(UntypedMaps.getMap(spec, "properties", "mode"))
        .containsEntry("enum", List.of("primary", "replica"))
        .containsEntry(
            "x-kubernetes-validations",
            List.of(Map.of("rule", "self == oldSelf", "message", "field is immutable")));
    assertThat(UntypedMaps.getMap(spec, "properties", "ports"))
        .containsEntry("default", List.of(5432));
  }

  @Test
  void anObjectWithDefaultsAndNothingRequiredDefaultsToEmptyAsInKro() {
    Map<String, Object> spec = SchemaFixtures.postgres().spec();

    assertThat(UntypedMaps.getMap(spec, "properties", "storage"))
        .containsEntry("default", Map.of());
    // spec itself has a required field, so it gets no default.
    assertThat(spec).doesNotContainKey("default");
  }

  @Test
  void customTypesAreExpandedWithTheMarkersOfTheFieldThatUsesThem() {
    Map<String, Object> backup =
        UntypedMaps.getMap(SchemaFixtures.postgres().spec(), "properties", "backup");

    assertThat(backup)
        .containsEntry("description", "When to back up.")
        .containsEntry("default", Map.of());
    assertThat(UntypedMaps.getMap(backup, "properties", "schedule"))
        .containsEntry(
            "x-kubernetes-validations",
            List.of(
                Map.of(
                    "rule", "self.split(' ').size() == 5", "message", "five fields, as cron has")));
  }

  @Test
  void columnsScaleExamplesAndSpecRulesAreGathered() {
    KindSchema schema = SchemaFixtures.postgres();

    assertThat(schema.columns())
        .extracting(PrinterColumn::name, PrinterColumn::type, PrinterColumn::jsonPath)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Version", "string", ".spec.version"),
            org.assertj.core.groups.Tuple.tuple("Desired", "integer", ".spec.replicas"),
            org.assertj.core.groups.Tuple.tuple("Endpoint", "string", ".status.endpoint"));
    assertThat(schema.scale())
        .contains(
            new ScaleSubresource(".spec.replicas", ".status.readyReplicas", ".status.selector"));
    assertThat(schema.examples()).containsEntry("version", "16");
    assertThat(schema.spec().get("x-kubernetes-validations"))
        .isEqualTo(
            List.of(
                Map.of(
                    "rule",
                    "self.replicas == 1 || self.mode == 'primary'",
                    "message",
                    "only a primary may have replicas")));
  }

  @Test
  void takesMissingNamesFromTheCommandLineAndRefusesOnesThatDisagree() {
    KindSchema schema =
        SimpleSchema.read(
            "s.yaml",
            "spec:\n  size: integer\n",
            new SimpleSchema.Requested("db.example.com", "v1", "Postgres", null, List.of("pg")));
    assertThat(schema.names().plural()).isEqualTo("postgreses");
    assertThat(schema.names().shortNames()).containsExactly("pg");

    assertThatThrownBy(
            () ->
                SimpleSchema.read(
                    "s.yaml",
                    NAMES,
                    new SimpleSchema.Requested("db.example.com", "v1", "Pg", null, null)))
        .hasMessage(
            "s.yaml:2: kind is 'Postgres' here but 'Pg' on the command line (--kind); they must"
                + " agree");
  }

  @Test
  void anUnknownMarkerIsAnErrorAtItsLine() {
    assertThatThrownBy(() -> read(NAMES + "spec:\n  size: integer | requird=true\n"))
        .hasMessageStartingWith(
            "s.yaml:5: spec.size: unknown marker 'requird'; the markers are required, default,");
  }

  @Test
  void anUnknownTypeIsAnErrorAtItsLineWithTheClosestType() {
    assertThatThrownBy(() -> read(NAMES + "spec:\n  a: string\n  size: intger | minimum=1\n"))
        .hasMessageStartingWith(
            "s.yaml:6: spec.size: unknown type 'intger' (did you mean integer?); a type is string,");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    SimpleSchemaException e =
        catchThrowableOfType(
            SimpleSchemaException.class,
            () ->
                read(
                    NAMES
                        + "spec:\n"
                        + "  a: string | minimum=1\n"
                        + "  b: integer | default=x\n"
                        + "  c: string | enum=\"a,b\" default=c\n"
                        + "  d: string | pattern=\"(?=x)\"\n"
                        + "status:\n"
                        + "  e: string | required=true\n"
                        + "  f: ${deployment.status.readyReplicas}\n"
                        + "  conditions: string\n"));
    assertThat(e.problems())
        .extracting(SchemaProblem::line)
        .containsExactly(5, 6, 7, 8, 10, 11, 12);
    assertThat(e.getMessage())
        .contains("s.yaml:5: spec.a: minimum applies to integer and float fields, not to string")
        .contains("s.yaml:6: spec.b: default 'x' is not a valid integer")
        .contains(
            "s.yaml:7: spec.c: default \"c\" does not fit the field: [spec.c: Unsupported value")
        .contains("s.yaml:8: spec.d: pattern '(?=x)' is not RE2")
        .contains("s.yaml:10: status.e: a status field cannot be required")
        .contains("s.yaml:11: status.f: a CEL expression, as in kro;")
        .contains("s.yaml:12: status.conditions is written by the operator itself");
  }

  @Test
  void badNamesAreErrorsAtTheirLines() {
    assertThatThrownBy(() -> read("apiVersion: v1\nkind: postgres\ngroup: db\n"))
        .hasMessageContaining("s.yaml:2: kind: 'postgres' is not a valid Kubernetes kind")
        .hasMessageContaining("s.yaml:3: group: 'db' has no dot");
  }

  @Test
  void anUnknownKeyIsAnError() {
    assertThatThrownBy(() -> read(NAMES + "additionalPrinterColumns: []\nspecs: {}\n"))
        .hasMessageContaining(
            "s.yaml:4: additionalPrinterColumns: mark the fields to show with column=NAME")
        .hasMessageContaining("s.yaml:5: unknown key 'specs'");
  }

  @Test
  void anUnquotedListTypeGetsTheHintToQuoteIt() {
    assertThatThrownBy(() -> read(NAMES + "spec:\n  tags: []string\n"))
        .hasMessageContaining("s.yaml:5: not valid YAML")
        .hasMessageContaining("quote a type that starts with [");
  }

  @Test
  void typesThatReferToEachOtherInACycleAreRefused() {
    assertThatThrownBy(
            () -> read(NAMES + "types:\n  A:\n    b: B\n  B:\n    a: '[]A'\nspec:\n  root: A\n"))
        .hasMessageContaining("the types refer to each other in a cycle");
  }

  @Test
  void columnsAndScaleMarkOnlyFieldsAResourcePathReaches() {
    assertThatThrownBy(
            () ->
                read(
                    NAMES
                        + "spec:\n  items: '[]integer | column=Items'\n  size: integer |"
                        + " scale=replicas\n"))
        .hasMessageContaining(
            "s.yaml:5: spec.items: column shows a string, integer, float or"
                + " boolean field, not array")
        .hasMessageContaining(
            "s.yaml:6: the scale subresource needs scale=replicas on an integer field of spec");
  }

  private static KindSchema read(String text) {
    return SimpleSchema.read("s.yaml", text, null);
  }
}
