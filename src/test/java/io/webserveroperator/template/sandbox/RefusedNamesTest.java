package io.webserveroperator.template.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.filter.Filter;
import io.webserveroperator.template.lib.filter.FilterCatalog;
import io.webserveroperator.template.lib.filter.FilterSpec;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RefusedNamesTest {

  private static final Context JINJAVAS = new Jinjava().getGlobalContext();

  private static Set<String> refusedNames() {
    return RefusedNames.refusedFilters(JINJAVAS).stream()
        .map(FilterSpec::name)
        .collect(Collectors.toSet());
  }

  @Test
  void everyJinjavaFilterTheCatalogDoesNotNameIsRefused() {
    Set<String> expected =
        JINJAVAS.getAllFilters().stream().map(Filter::getName).collect(Collectors.toSet());
    expected.removeAll(FilterCatalog.names());
    assertThat(refusedNames()).isEqualTo(expected).contains("render", "random", "split", "md5");
  }

  @Test
  void everyReasonAndAdviceIsForARefusedFilter() {
    Set<String> named = new HashSet<>(RefusedNames.REASONS.keySet());
    named.addAll(RefusedNames.ADVICE.keySet());
    assertThat(refusedNames()).containsAll(named);
  }

  @Test
  void aRefusalSaysWhatToWriteInsteadWhereThereIsSomething() {
    assertThat(RefusedNames.reason("split")).endsWith("; write x.split(',')");
    assertThat(RefusedNames.reason("ipv4")).startsWith("it is jinjava's").doesNotContain("; write");
    assertThat(RefusedNames.reason("date")).contains("no clock");
  }
}
