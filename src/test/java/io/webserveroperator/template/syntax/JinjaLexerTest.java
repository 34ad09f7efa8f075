package io.webserveroperator.template.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lexer reads each tricky template as real Jinja2's lexer does: the same tokens, with the same
 * types, text and lines, and an error on the same line where Jinja2's stops. The expectations are
 * Jinja2's own, in {@code lexer/jinja2.yaml}, written by {@code lexer/generate.py} through {@code
 * hack/jinja2-fixtures.sh}.
 */
class JinjaLexerTest {

  /**
   * One case of the fixture.
   *
   * @param name what it shows
   * @param source the template
   * @param tokens Jinja2's tokens, {@code [line, type, value]}
   * @param error where and why Jinja2's lexer stopped, or null
   */
  record Case(String name, String source, List<List<Object>> tokens, Map<String, Object> error) {

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() throws IOException {
    try (InputStream in = JinjaLexerTest.class.getResourceAsStream("lexer/jinja2.yaml")) {
      return Stream.of(new YAMLMapper().readValue(in, Case[].class));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void lexesAsJinja2Does(Case jinja2) {
    List<Token> tokens = JinjaLexer.lex(jinja2.source());
    List<List<Object>> asJinja2 = new ArrayList<>();
    for (Token token : tokens) {
      if (token.kind() != Kind.STRIPPED && token.kind() != Kind.ERROR) {
        // Jinja2 turns every line break into \n before it lexes.
        String value = token.text().replace("\r\n", "\n");
        asJinja2.add(List.of(token.line(), token.kind().name().toLowerCase(Locale.ROOT), value));
      }
    }
    assertThat(asJinja2).isEqualTo(jinja2.tokens());
    StringBuilder covered = new StringBuilder();
    tokens.forEach(token -> covered.append(token.text()));
    assertThat(covered).as("every character in one token").hasToString(jinja2.source());
    Token last = tokens.isEmpty() ? null : tokens.get(tokens.size() - 1);
    if (jinja2.error() == null) {
      assertThat(last).matches(t -> t == null || t.kind() != Kind.ERROR, "no error");
    } else {
      assertThat(last.kind()).as("stops with " + jinja2.error()).isEqualTo(Kind.ERROR);
      assertThat(last.line()).isEqualTo(jinja2.error().get("line"));
    }
  }

  @Test
  void aStringsValueHasItsEscapesDecoded() {
    Token string = JinjaLexer.lex("{{ 'a\\n\\'b' }}").get(2);

    assertThat(string.kind()).isEqualTo(Kind.STRING);
    assertThat(string.value()).isEqualTo("a\n'b");
  }
}
