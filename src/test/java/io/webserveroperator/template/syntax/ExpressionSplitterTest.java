package io.webserveroperator.template.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Only operators and keywords outside brackets and strings split a tag's text. */
class ExpressionSplitterTest {

  @Test
  void splitsAtTopLevelCommasOnly() {
    assertThat(ExpressionSplitter.split("a, f(b, c), 'x,y', {'k': [1, 2]}", ","))
        .containsExactly("a", "f(b, c)", "'x,y'", "{'k': [1, 2]}");
  }

  @Test
  void findsTheTokenNotTextThatContainsIt() {
    assertThat(ExpressionSplitter.indexOf("a == b", "=")).isEqualTo(-1);
    assertThat(ExpressionSplitter.indexOf("x = a == b", "=")).isEqualTo(2);
    assertThat(ExpressionSplitter.indexOf("items if x", "if")).isEqualTo(6);
    assertThat(ExpressionSplitter.indexOf("f(a if b else c) | iffy", "if")).isEqualTo(-1);
  }
}
