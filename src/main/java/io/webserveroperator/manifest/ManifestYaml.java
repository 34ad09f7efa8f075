package io.webserveroperator.manifest;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Writes manifests as YAML that every reader takes back as the same data: block style, no document
 * marker, and a string quoted whenever a YAML 1.1 reader (kubectl's, PyYAML's) or a YAML 1.2 core
 * schema reader would take it for something else ({@code 0x1F}, {@code 1_000}, {@code 12:30},
 * {@code .inf}, {@code 2001-12-14}, {@code <<}, {@code on}, {@code y}, {@code ~}, {@code 0o17}).
 */
public final class ManifestYaml {

  private static final ObjectWriter WRITER =
      YAMLMapper.builder(
              YAMLFactory.builder().stringQuotingChecker(new UnambiguousQuoting()).build())
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
          .build()
          .writer();

  private ManifestYaml() {}

  /** Keys in the order the object has them, as rendered. */
  public static ObjectWriter writer() {
    return WRITER;
  }

  /** Keys sorted, so that equal objects print equal. */
  public static ObjectWriter sortedWriter() {
    return WRITER.with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  }

  /**
   * Quotes what Jackson quotes, and whatever the YAML 1.1 resolver (SnakeYAML's) or the YAML 1.2
   * core schema resolver (snakeyaml-engine's) does not resolve to a string, plus YAML 1.1's
   * one-letter booleans, which SnakeYAML leaves out but the YAML 1.1 spec lists.
   */
  static final class UnambiguousQuoting extends StringQuotingChecker.Default {

    private static final long serialVersionUID = 1L;
    private static final Resolver YAML_1_1 = new Resolver();
    private static final ScalarResolver YAML_1_2 = new CoreSchema().getScalarResolver();
    private static final Pattern ONE_LETTER_BOOLEAN = Pattern.compile("[yYnN]");

    @Override
    public boolean needToQuoteName(String name) {
      return super.needToQuoteName(name) || ambiguous(name);
    }

    @Override
    public boolean needToQuoteValue(String value) {
      return super.needToQuoteValue(value) || ambiguous(value);
    }

    static boolean ambiguous(String text) {
      return !YAML_1_1.resolve(NodeId.scalar, text, true).equals(Tag.STR)
          || !YAML_1_2.resolve(text, true).equals(org.snakeyaml.engine.v2.nodes.Tag.STR)
          || ONE_LETTER_BOOLEAN.matcher(text).matches();
    }
  }
}
