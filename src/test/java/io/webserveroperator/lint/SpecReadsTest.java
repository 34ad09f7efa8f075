package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpecReadsTest {

  private static List<String> displayed(String template) {
    return SpecReads.of(template).stream().map(SpecReads.Read::display).toList();
  }

  @Test
  void followsAttributesSubscriptsGetAndResourceSpec() {
    assertThat(
            displayed(
                "{{ spec.ingress.host }} {{ spec['port'] }} {{ resource.spec.image }}"
                    + " {{ spec.get('replicas') }}"))
        .containsExactly("spec.ingress.host", "spec.port", "spec.image", "spec.replicas");
  }

  @Test
  void skipsCommentsStringsTextAndRawBlocks() {
    assertThat(
            displayed(
                "spec.a: 1\n{# spec.b #}\n{{ 'spec.c' }}\n{% raw %}{{ spec.d }}{% endraw %}\n"
                    + "{{ required('spec.e is needed') }}"))
        .isEmpty();
  }

  @Test
  void readsATagToWhereJinja2EndsIt() {
    // The first }} closes two dicts, not the expression: what follows is still code.
    assertThat(displayed("{{ {'a': {'b': 1}} if spec.on else {} }}\n{{ '}}' ~ spec.name }}"))
        .containsExactly("spec.on", "spec.name");
  }

  @Test
  void followsSetAliasesAndLoopVariables() {
    assertThat(
            displayed(
                "{% set ing = spec.ingress | default({}) %}{{ ing.host }}\n"
                    + "{% for c in spec.containers %}{{ c.name }}{% endfor %}\n"
                    + "{% for k, v in spec.env | dictsort %}{{ v.value }}{% endfor %}"))
        .containsExactly(
            "spec.ingress",
            "spec.ingress.host",
            "spec.containers",
            "spec.containers[].name",
            "spec.env",
            "spec.env[*].value");
  }

  @Test
  void nameBoundToSomethingElseIsNotSpecAnyMore() {
    assertThat(displayed("{% for spec in others %}{{ spec.anything }}{% endfor %}")).isEmpty();
  }

  @Test
  void methodCallsReadTheirOwnerAndFiltersReadItWhole() {
    List<SpecReads.Read> reads =
        SpecReads.of("{{ spec.content.items() }}{{ spec.content | tojson }}");

    assertThat(reads)
        .extracting(SpecReads.Read::display, SpecReads.Read::whole)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("spec.content", false),
            org.assertj.core.groups.Tuple.tuple("spec.content", true));
  }

  @Test
  void namesTheLineOfEachRead() {
    assertThat(SpecReads.of("a\n{% if x %}\n  {{ spec.a }}\n{{\n  spec.b }}"))
        .extracting(SpecReads.Read::line)
        .containsExactly(3, 5);
  }

  @Test
  void aReadinessExpressionReadsObjectStatusPathsOnly() {
    assertThat(
            SpecReads.statusReads(
                    "object.status.conditions | default([]) | selectattr('type', 'eq', 'Ready')"
                        + " | list | length > 0 and object.status.replicas.ready >="
                        + " object.spec.replicas and spec.x")
                .stream()
                .map(read -> SpecReads.Read.display("object.status", read.path()))
                .toList())
        .containsExactly("object.status.conditions", "object.status.replicas.ready");
  }
}
