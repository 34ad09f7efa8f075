package io.webserveroperator.template.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * trim_blocks and the whitespace-control signs move the whitespace Jinja2 drops into a comment, so
 * that jinjava drops it while every line keeps its number; the end of anything that is not a tag
 * keeps its newline, and jinjava gets tags without signs.
 */
class TrimBlocksTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{% if x %}\\na{% endif %}\\n|{% if x %}{#\\n#}a{% endif %}{#\\n#}",
        "{# note #}\\r\\na|{# note #}{#\\r\\n#}a",
        "v: 100%}\\nw|v: 100%}\\nw",
        "{{ x }}\\nw|{{ x }}\\nw",
        "{{ '%}' }}\\nw|{{ '%}' }}\\nw",
        "{% set x = '%}' %}\\nw|{% set x = '%}' %}{#\\n#}w",
        "{% raw %}\\n{% if %}\\n{% endraw %}\\nw|{% raw %}\\n{% if %}\\n{% endraw %}{#\\n#}w",
        "{# {% #}\\nw|{# {% #}{#\\n#}w",
        "{% if x|{% if x",
        "a  \\n{%- if x -%}  \\nb{% endif +%}\\n|a{#  \\n#}{% if x %}{#  \\n#}b{% endif %}\\n",
        "{{+ x }}\\n|{{ x }}\\n",
        "{{ {'a': {'b': 1}} }}|{{ {'a': {'b': 1},} }}",
        "{{ {'a': 1}-}} \\nw|{{ {'a': 1} }}{# \\n#}w",
        "x {%- raw -%} a {%- endraw -%} b|x{# #}{# #}{% raw %}a{% endraw %}{# #}{# #}b",
        "{#- c -#} \\nw|{# c #}{# \\n#}w",
      })
  void dropsTheWhitespaceJinja2DropsOnly(String source, String trimmed) {
    String text = source.replace("\\r", "\r").replace("\\n", "\n");
    String expected = trimmed.replace("\\r", "\r").replace("\\n", "\n");
    assertThat(TrimBlocks.apply(text)).isEqualTo(expected);
    assertThat(expected.chars().filter(c -> c == '\n').count())
        .as("lines")
        .isEqualTo(text.chars().filter(c -> c == '\n').count());
  }
}
