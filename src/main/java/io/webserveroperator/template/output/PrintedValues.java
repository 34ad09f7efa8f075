package io.webserveroperator.template.output;

import com.hubspot.jinjava.lib.fn.MacroFunction;
import io.webserveroperator.manifest.GeneratedField;
import io.webserveroperator.template.python.LineBreaks;
import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.PythonRange;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The values printed during one render. Every string a template prints with {@code {{ }}} is kept
 * here and only a token (private-use characters around an index) goes into the template text, so no
 * value can change the YAML structure. After the text is parsed, each scalar that holds tokens gets
 * the values back: a scalar that is exactly one token becomes that string, byte for byte.
 *
 * <p>Not thread-safe: one instance per render, reachable from the render's thread through {@link
 * #current()}.
 */
public final class PrintedValues {

  static final char OPEN = '\uE000';
  static final char CLOSE = '\uE001';

  /** How a token's value is written when the token is only part of a larger scalar. */
  enum Kind {
    /** Printed by {@code {{ }}}: the raw text, as Jinja2 would have printed it. */
    PLAIN,
    /** Inside JSON text between quotes: the JSON-escaped text without quotes. */
    JSON,
    /** Inside {@code tojson}'s JSON text between quotes: escaped as Jinja2's tojson does. */
    TOJSON,
    /** Inside YAML text as a bare scalar: a double-quoted YAML string. */
    YAML
  }

  private static final ThreadLocal<PrintedValues> CURRENT = new ThreadLocal<>();

  /** How a message stands for a Secret's value read by the render. */
  static final String SECRET_NOT_SHOWN = "(a Secret's value, not shown)";

  private final List<String> values = new ArrayList<>();
  private final List<Kind> kinds = new ArrayList<>();
  private final OutputBudget budget = new OutputBudget();
  private final ResourceStrings resourceStrings;
  private final BitSet syntaxLike = new BitSet();
  private final BitSet plainEdges = new BitSet();
  private final BitSet inline = new BitSet();
  private final BitSet textFirst = new BitSet();
  private final Map<Integer, Integer> owners = new HashMap<>();
  private final Map<Integer, GeneratedSecret> generated = new HashMap<>();
  private boolean multiline;

  /** The slots of one render that reads {@code resourceStrings} from the cluster. */
  public PrintedValues(ResourceStrings resourceStrings) {
    this.resourceStrings = resourceStrings;
  }

  /** The slots of the render running on this thread, or null outside a render. */
  public static PrintedValues current() {
    return CURRENT.get();
  }

  /** The slots of the render running on this thread; templates only run inside one. */
  public static PrintedValues require() {
    PrintedValues slots = CURRENT.get();
    if (slots == null) {
      throw new IllegalStateException("a template was rendered outside the engine");
    }
    return slots;
  }

  /** Runs {@code work} with this instance as {@link #current()}. */
  public <T> T use(Supplier<T> work) {
    PrintedValues previous = CURRENT.get();
    CURRENT.set(this);
    try {
      return work.get();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }

  /** How much text this render has made. */
  public OutputBudget budget() {
    return budget;
  }

  /** Keeps {@code value} and returns the token that stands for it; its size counts as output. */
  String put(String value, Kind kind) {
    budget.print(value.length());
    multiline |= kind == Kind.PLAIN && value.indexOf('\n') >= 0;
    return add(value, kind);
  }

  /**
   * As {@link #put}, for text as {@code {{ }}} prints it. A line break of the resource's in it, as
   * it came or carried by {@code computed} text, must stay out of the lines of text it is printed
   * within ({@link InlineValues}), unless the template lets it {@code span} lines.
   */
  private String putPrinted(String text, boolean computed, boolean span) {
    if (!span && LineBreaks.indexIn(text) >= 0) {
      if (!computed) {
        inline.set(values.size());
      } else {
        resourceStrings
            .origin(text)
            .ifPresent(
                origin -> {
                  inline.set(values.size());
                  if (!ResourceStrings.opensWith(text, origin)) {
                    textFirst.set(values.size());
                  }
                });
      }
    }
    return put(text, Kind.PLAIN);
  }

  /** A token for a piece of the value {@code owner}, already counted, such as one line of it. */
  String putPiece(String piece, int owner) {
    owners.put(values.size(), owner);
    return add(piece, Kind.PLAIN);
  }

  /** The value the token {@code index} is a piece of, or {@code index} itself. */
  int owner(int index) {
    return owners.getOrDefault(index, index);
  }

  private String add(String value, Kind kind) {
    values.add(value);
    kinds.add(kind);
    return token(values.size() - 1);
  }

  /** The token that stands for the value {@code index}. */
  static String token(int index) {
    return OPEN + Integer.toString(index) + CLOSE;
  }

  /** The start of a value, quoted on one line, for a message. */
  static String excerpt(String value) {
    String start = value.length() > 60 ? value.substring(0, 60) : value;
    StringBuilder line = new StringBuilder(start.length() + 8).append('"');
    for (char c : start.toCharArray()) {
      line.append(LineBreaks.isBreak(c) ? LineBreaks.escape(c) : String.valueOf(c));
    }
    return line.append(start.length() < value.length() ? "...\"" : "\"").toString();
  }

  /**
   * The value {@code index} as a message names it, with its start: its field in the resource, or
   * the field it was computed from, or that the template computed it.
   */
  String describe(int index) {
    String value = values.get(index);
    // A Secret's value read by the render is named, never quoted: messages reach events and logs.
    String shown = quoted(index);
    Optional<String> field = resourceStrings.describe(value);
    if (field.isPresent()) {
      return field.get() + ", " + shown + ",";
    }
    return "the printed value "
        + shown
        + resourceStrings
            .origin(value)
            .flatMap(resourceStrings::describe)
            .map(origin -> ", computed from " + origin + ",")
            .orElse(", computed by the template,");
  }

  /**
   * The start of the value {@code index}, quoted on one line for a message; a Secret's value read
   * by the render is named, never quoted, since messages reach events and logs.
   */
  String quoted(int index) {
    return quoted(index, values.get(index));
  }

  /** As {@link #quoted(int)}, showing {@code shown}, a form of the value such as it stripped. */
  String quoted(int index, String shown) {
    return resourceStrings.revealsSecret(values.get(index)) ? SECRET_NOT_SHOWN : excerpt(shown);
  }

  /** Whether the value {@code index} is a string of the resource, or computed from one. */
  boolean comesFromTheResource(int index) {
    String value = values.get(index);
    return resourceStrings.contains(value) || resourceStrings.origin(value).isPresent();
  }

  /**
   * Printed values with a line break that must stay out of lines of text ({@link InlineValues}).
   */
  BitSet inline() {
    return inline;
  }

  /**
   * Whether the value {@code index} is text the template computed that starts with text of its own
   * before the lines of the resource's string ({@code k ~ ' ' ~ v}): printed alone on a line, it is
   * still that string printed within a line.
   */
  boolean opensWithOtherText(int index) {
    return textFirst.get(index);
  }

  /** The values that are computed text Jinja2 might read as syntax ({@link JinjaReading}). */
  BitSet syntaxLike() {
    return syntaxLike;
  }

  /** The values that are computed text a plain scalar may read otherwise ({@link PlainScalars}). */
  BitSet plainEdges() {
    return plainEdges;
  }

  /** The printed string of the token {@code index}. */
  String value(int index) {
    return values.get(index);
  }

  /** Replaces the value of the token {@code index} with the text YAML reads there. */
  void restate(int index, String value) {
    values.set(index, value);
  }

  /**
   * {@code text} with the tokens of {@code raw} values replaced by the text, as Jinja2 prints it.
   */
  String asJinjaPrints(String text, BitSet raw) {
    return replaceTokens(text, index -> raw.get(index) ? values.get(index) : token(index));
  }

  /** Whether this render printed a string of more than one line with {@code {{ }}}. */
  boolean printedMultiline() {
    return multiline;
  }

  /** The printed string of the token {@code index}, when it is one of more than one line. */
  Optional<String> multilineValue(int index) {
    String value = values.get(index);
    return kinds.get(index) == Kind.PLAIN && value.indexOf('\n') >= 0
        ? Optional.of(value)
        : Optional.empty();
  }

  /** What {@code {{ value }}} writes into the template text. */
  public String print(Object value) {
    if (value == null) {
      return "";
    }
    if (value instanceof Fragment fragment) {
      return fragment.emit(this);
    }
    if (value instanceof Boolean flag) {
      // Python's spelling, as Jinja2 prints it; YAML reads both spellings as a boolean.
      return flag ? "True" : "False";
    }
    if (isWholeNumber(value)) {
      return value.toString();
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      return PythonText.number((Number) value);
    }
    if (value instanceof PythonRange range) {
      return put(range.toString(), Kind.PLAIN);
    }
    if (value instanceof Map || PythonSequences.isList(value)) {
      return SerialFormat.JSON.write(value, this);
    }
    if (value instanceof GeneratedSecret secret) {
      // A mark, not text: it must stay the whole scalar it is printed as (see resolve).
      generated.put(values.size(), secret);
      return add(GeneratedField.PLACEHOLDER, Kind.PLAIN);
    }
    boolean span = value instanceof MultilineText;
    String text = span ? ((MultilineText) value).text() : text(value);
    boolean computed = !resourceStrings.contains(text);
    if (computed && isLayout(text)) {
      // Spaces, tabs or nothing: layout, as in Jinja2's text ({{ ' ' * depth }} indents a line,
      // {{ '' }} alone leaves it empty). They cannot make a key, an item or a document.
      budget.print(text.length());
      return text;
    }
    if (computed && TypedText.isTyped(text)) {
      // Computed text such as {{ flag | lower }}: as Jinja2 prints it, so YAML types it.
      budget.print(text.length());
      return text;
    }
    if (computed && JinjaReading.mayBeSyntax(text)) {
      syntaxLike.set(values.size());
    }
    if (computed && PlainScalars.concerns(text)) {
      plainEdges.set(values.size());
    }
    return putPrinted(text, computed, span);
  }

  /**
   * The scalar with its tokens replaced: the value itself when the scalar is exactly one token (a
   * {@link GeneratedSecret} for its mark), otherwise text with each value written as its kind
   * requires.
   *
   * @throws TemplateFailure when a generated secret's mark is only part of the scalar
   */
  Object resolve(String scalar) {
    if (scalar.indexOf(OPEN) < 0) {
      return scalar;
    }
    if (scalar.charAt(0) == OPEN && scalar.indexOf(CLOSE) == scalar.length() - 1) {
      int index = index(scalar, 0, scalar.length() - 1);
      GeneratedSecret secret = generated.get(index);
      return secret != null ? secret : values.get(index);
    }
    return substitute(scalar, false);
  }

  /** Text with every token replaced by its raw value, for a fragment used as a plain string. */
  public String resolveText(String text) {
    return text.indexOf(OPEN) < 0 ? text : substitute(text, true);
  }

  private String substitute(String scalar, boolean raw) {
    return replaceTokens(
        scalar,
        index -> {
          GeneratedSecret secret = generated.get(index);
          if (secret != null) {
            throw secret.standsAlone();
          }
          String value = values.get(index);
          return switch (raw ? Kind.PLAIN : kinds.get(index)) {
            case PLAIN -> value;
            case JSON -> SerialFormat.jsonEscape(value, false);
            case TOJSON -> SerialFormat.jsonEscape(value, true);
            case YAML -> '"' + SerialFormat.jsonEscape(value, false) + '"';
          };
        });
  }

  /** {@code text} with each token replaced by what {@code replacement} gives for its index. */
  private String replaceTokens(String text, IntFunction<String> replacement) {
    StringBuilder out = new StringBuilder(text.length() + 32);
    int from = 0;
    int open;
    while ((open = text.indexOf(OPEN, from)) >= 0) {
      int close = text.indexOf(CLOSE, open);
      if (close < 0) {
        throw new IllegalStateException("an unterminated value token in rendered text");
      }
      out.append(text, from, open).append(replacement.apply(index(text, open, close)));
      from = close + 1;
    }
    return out.append(text, from, text.length()).toString();
  }

  /** The index of the token between {@code open} and {@code close} in {@code text}. */
  int index(String text, int open, int close) {
    int index;
    try {
      index = Integer.parseInt(text.substring(open + 1, close));
    } catch (NumberFormatException e) {
      throw new IllegalStateException("a malformed value token in rendered text", e);
    }
    if (index < 0 || index >= values.size()) {
      throw new IllegalStateException("a value token that this render did not make");
    }
    return index;
  }

  /**
   * The text of a scalar value: strings, numbers and jinjava's own value types (such as
   * SafeString). Anything else, such as a macro, would print its Java identity, which no template
   * needs and none may see.
   */
  static String text(Object value) {
    if (value instanceof CharSequence
        || value instanceof Character
        || value instanceof Number
        || value instanceof Boolean
        || value.getClass().getName().startsWith("com.hubspot.jinjava.objects.")) {
      return value.toString();
    }
    String call =
        value instanceof MacroFunction macro ? " (call it: " + macro.getName() + "())" : "";
    throw new TemplateFailure(
        "templates can print strings, numbers, booleans, dicts and lists, not "
            + TypeNames.of(value)
            + call);
  }

  private static boolean isLayout(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) != ' ' && text.charAt(i) != '\t') {
        return false;
      }
    }
    return true;
  }

  private static boolean isWholeNumber(Object value) {
    return value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte
        || value instanceof BigInteger;
  }
}
