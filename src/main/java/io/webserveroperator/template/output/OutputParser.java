package io.webserveroperator.template.output;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import io.webserveroperator.template.python.TemplateFailure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a template's rendered text into objects: splits the YAML stream into documents, parses
 * them, then puts the printed values back into the scalars that hold their tokens.
 */
public final class OutputParser {

  private static final ObjectReader READER =
      // An empty plain scalar is null, as every YAML reader has it (the builder's factory would
      // read it as an empty string).
      YAMLMapper.builder(
              YAMLFactory.builder().enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL).build())
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build()
          .readerFor(Object.class);

  /**
   * The texts read before, with their documents as the reader gave them, tokens not restored (a
   * restore copies; nothing changes them). A text is the template's own text with a token for each
   * printed string, so the resources of one kind mostly render their files to texts read before: a
   * storm of them reads each YAML shape once. Bounded by the texts' total length.
   */
  private static final Cache<String, List<Object>> PARSED =
      CacheBuilder.newBuilder()
          .maximumWeight(256 * 1024)
          .weigher((String text, List<Object> documents) -> text.length())
          .build();

  private OutputParser() {}

  /**
   * The documents of {@code text}, values restored; documents that are empty are left out.
   *
   * @throws TemplateFailure when the text is not valid YAML; the message gives the output line
   */
  public static List<Object> parse(SourceLines rendered, PrintedValues slots) {
    if (rendered.text().isBlank()) {
      return new ArrayList<>();
    }
    String text = BlockScalars.embed(rendered, slots);
    if (!slots.plainEdges().isEmpty()) {
      PlainScalars.read(text, rendered, slots);
    }
    List<Object> documents;
    try {
      documents = read(text, slots, true);
    } catch (JsonProcessingException e) {
      throw failure(e, text, rendered, slots);
    }
    if (!slots.syntaxLike().isEmpty()) {
      refuseOtherReadings(documents, text, rendered, slots);
    }
    return documents;
  }

  /**
   * The documents of {@code text}, values restored. With {@code keep}, the text's documents are
   * looked up in and kept for later renders; without, the text is read alone (Jinja2's other
   * readings, which have computed values written into them and are read once).
   */
  private static List<Object> read(String text, PrintedValues slots, boolean keep)
      throws JsonProcessingException {
    List<Object> documents = new ArrayList<>();
    List<Object> parsed = keep ? PARSED.getIfPresent(text) : null;
    try {
      if (parsed != null) {
        for (Object document : parsed) {
          documents.add(restore(document, slots));
        }
        return documents;
      }
      parsed = new ArrayList<>();
      try (MappingIterator<Object> iterator = READER.readValues(text)) {
        while (iterator.hasNextValue()) {
          Object document = iterator.nextValue();
          boolean empty =
              document == null
                  || (document instanceof Map<?, ?> map && map.isEmpty())
                  || (document instanceof String blank && blank.isBlank());
          if (!empty) {
            parsed.add(document);
            documents.add(restore(document, slots));
          }
        }
      }
    } catch (JsonProcessingException | TemplateFailure e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new TemplateFailure("the rendered text is not valid YAML: " + e.getMessage());
    }
    if (keep) {
      PARSED.put(text, List.copyOf(parsed));
    }
    return documents;
  }

  /**
   * Fails when Jinja2's output, which has the computed text that looks like syntax where this
   * engine has tokens, reads as other documents (or as none: Jinja2's YAML would fail).
   */
  private static void refuseOtherReadings(
      List<Object> documents, String text, SourceLines rendered, PrintedValues slots) {
    BitSet syntaxLike = slots.syntaxLike();
    if (readsTheSame(documents, slots.asJinjaPrints(text, syntaxLike), slots)) {
      return;
    }
    for (int index = syntaxLike.nextSetBit(0);
        index >= 0;
        index = syntaxLike.nextSetBit(index + 1)) {
      BitSet one = new BitSet();
      one.set(index);
      if (!readsTheSame(documents, slots.asJinjaPrints(text, one), slots)) {
        int at = text.indexOf(PrintedValues.token(index));
        int line = 1 + (int) text.chars().limit(at).filter(c -> c == '\n').count();
        int column = at - text.lastIndexOf('\n', at);
        throw new TemplateFailure(
            JinjaReading.message(slots.quoted(index)), templateLine(text, rendered, line, column));
      }
    }
  }

  private static boolean readsTheSame(
      List<Object> documents, String jinjaText, PrintedValues slots) {
    try {
      return documents.equals(read(jinjaText, slots, false));
    } catch (JsonProcessingException | TemplateFailure e) {
      return false;
    }
  }

  /** A copy of {@code node}, shared by the renders of one text, with this render's values. */
  private static Object restore(Object node, PrintedValues slots) {
    if (node instanceof String text) {
      return slots.resolve(text);
    }
    if (node instanceof byte[] binary) {
      return binary.clone(); // !!binary
    }
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> restored = new LinkedHashMap<>(map.size() * 2);
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        Object key = slots.resolve(String.valueOf(entry.getKey()));
        if (restored.put(String.valueOf(key), restore(entry.getValue(), slots)) != null) {
          throw new TemplateFailure("the rendered YAML has the key '" + key + "' twice in one map");
        }
      }
      return restored;
    }
    if (node instanceof List<?> list) {
      List<Object> restored = new ArrayList<>(list.size());
      for (Object item : list) {
        restored.add(restore(item, slots));
      }
      return restored;
    }
    return node;
  }

  /** The template line that wrote output line {@code line}, or 0 where that is not known. */
  static int templateLine(String text, SourceLines rendered, int line, int column) {
    return text.equals(rendered.text()) ? rendered.lineOfOutputLine(line, column) : 0;
  }

  /**
   * The error, naming the template line that wrote the bad output line. Where block scalars were
   * written line by line the output lines moved, so the line is then found in the text as printed.
   */
  private static TemplateFailure failure(
      JsonProcessingException e, String text, SourceLines rendered, PrintedValues slots) {
    JsonLocation location = e.getLocation();
    String problem = e.getOriginalMessage();
    if (location == null || location.getLineNr() < 1) {
      return new TemplateFailure("the rendered text is not valid YAML: " + problem);
    }
    String[] lines = text.split("\n", -1);
    int line = Math.min(location.getLineNr(), lines.length);
    String shown = slots.resolveText(lines[line - 1]).strip();
    int templateLine = templateLine(text, rendered, line, location.getColumnNr());
    return new TemplateFailure(
        "the line it renders is not valid YAML ("
            + (shown.length() > 120 ? shown.substring(0, 120) + "..." : shown)
            + "): "
            + problem.lines().findFirst().orElse(problem),
        templateLine);
  }
}
