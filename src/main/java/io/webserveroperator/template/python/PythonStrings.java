package io.webserveroperator.template.python;

import com.hubspot.jinjava.objects.collections.PyList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.IntPredicate;

/**
 * Python's {@code str} methods, written for templates: {@code spec.image.split(':')[0]}, {@code
 * name.startswith('web-')}, {@code '{}-{}'.format(a, b)}. Each runs with Python's semantics (a
 * literal separator, never a regular expression; positions, start and end in characters, counted
 * from the end when negative; keyword arguments only where Python takes them; a wrong type is an
 * error) inside the sandbox; no Java method is reached. Widths are bounded by the output limit
 * before anything is allocated.
 */
public final class PythonStrings {

  /** A method: its parameters, and what it does with the arguments bound to them. */
  private record Method(MethodParameters parameters, BiFunction<String, Object[], Object> body) {}

  private static final Map<String, Method> METHODS = new HashMap<>();

  static {
    keywords(
        "split",
        (s, a) -> PythonSplits.split(s, a[0], MethodParameters.integer(a[1], -1), false),
        "sep",
        "maxsplit");
    keywords(
        "rsplit",
        (s, a) -> PythonSplits.split(s, a[0], MethodParameters.integer(a[1], -1), true),
        "sep",
        "maxsplit");
    keywords("splitlines", (s, a) -> PythonSplits.splitlines(s, PythonTruth.of(a[0])), "keepends");
    keywords("expandtabs", (s, a) -> expandtabs(s, MethodParameters.integer(a[0], 8)), "tabsize");
    positional(
        "startswith", 1, (s, a) -> affix(s, a, true, "startswith"), "prefix", "start", "end");
    positional("endswith", 1, (s, a) -> affix(s, a, false, "endswith"), "suffix", "start", "end");
    positional("find", 1, (s, a) -> find(s, a, "find"), "sub", "start", "end");
    positional("rfind", 1, (s, a) -> rfind(s, a, "rfind"), "sub", "start", "end");
    positional("index", 1, (s, a) -> found(find(s, a, "index")), "sub", "start", "end");
    positional("rindex", 1, (s, a) -> found(rfind(s, a, "rindex")), "sub", "start", "end");
    positional("count", 1, PythonStrings::count, "sub", "start", "end");
    positional(
        "replace",
        2,
        (s, a) ->
            replace(
                s,
                text(a[0], "replace"),
                text(a[1], "replace"),
                MethodParameters.integer(a[2], -1)),
        "old",
        "new",
        "count");
    positional("upper", 0, (s, a) -> s.toUpperCase(Locale.ROOT));
    positional("lower", 0, (s, a) -> s.toLowerCase(Locale.ROOT));
    positional("casefold", 0, (s, a) -> casefold(s));
    positional("title", 0, (s, a) -> title(s));
    positional("capitalize", 0, (s, a) -> capitalize(s));
    positional("swapcase", 0, (s, a) -> swapcase(s));
    positional("strip", 0, (s, a) -> strip(s, a[0], true, true), "chars");
    positional("lstrip", 0, (s, a) -> strip(s, a[0], true, false), "chars");
    positional("rstrip", 0, (s, a) -> strip(s, a[0], false, true), "chars");
    positional("removeprefix", 1, (s, a) -> removeprefix(s, text(a[0], "removeprefix")), "prefix");
    positional("removesuffix", 1, (s, a) -> removesuffix(s, text(a[0], "removesuffix")), "suffix");
    positional("join", 1, (s, a) -> join(s, a[0]), "iterable");
    positional("isdigit", 0, (s, a) -> all(s, PythonStrings::isDigit));
    positional("isdecimal", 0, (s, a) -> all(s, Character::isDigit));
    positional("isnumeric", 0, (s, a) -> all(s, PythonStrings::isNumeric));
    positional("isalpha", 0, (s, a) -> all(s, Character::isLetter));
    positional("isalnum", 0, (s, a) -> all(s, c -> Character.isLetter(c) || isNumeric(c)));
    positional("isspace", 0, (s, a) -> all(s, PythonText::isSpace));
    positional("isidentifier", 0, (s, a) -> isIdentifier(s));
    positional("istitle", 0, (s, a) -> isTitle(s));
    positional(
        "islower",
        0,
        (s, a) -> s.chars().anyMatch(Character::isLetter) && s.equals(s.toLowerCase(Locale.ROOT)));
    positional(
        "isupper",
        0,
        (s, a) -> s.chars().anyMatch(Character::isLetter) && s.equals(s.toUpperCase(Locale.ROOT)));
    positional("zfill", 1, (s, a) -> zfill(s, width(a[0])), "width");
    positional("ljust", 1, (s, a) -> pad(s, width(a[0]), fill(a[1]), 'l'), "width", "fillchar");
    positional("rjust", 1, (s, a) -> pad(s, width(a[0]), fill(a[1]), 'r'), "width", "fillchar");
    positional("center", 1, (s, a) -> pad(s, width(a[0]), fill(a[1]), 'c'), "width", "fillchar");
    positional(
        "partition", 1, (s, a) -> PythonSplits.partition(s, text(a[0], "partition"), false), "sep");
    positional(
        "rpartition",
        1,
        (s, a) -> PythonSplits.partition(s, text(a[0], "rpartition"), true),
        "sep");
  }

  /** The methods that make bytes, which templates are refused. */
  private static final Set<String> BYTES = Set.of("encode");

  private PythonStrings() {}

  private static void keywords(
      String name, BiFunction<String, Object[], Object> body, String... parameters) {
    METHODS.put(
        name, new Method(new MethodParameters("str." + name, 0, true, List.of(parameters)), body));
  }

  private static void positional(
      String name, int required, BiFunction<String, Object[], Object> body, String... parameters) {
    METHODS.put(
        name,
        new Method(
            new MethodParameters("str." + name, required, false, List.of(parameters)), body));
  }

  /** Whether {@code name} is a str method templates may call (or are told why they may not). */
  public static boolean has(String name) {
    return METHODS.containsKey(name) || name.equals("format") || BYTES.contains(name);
  }

  /** Calls the method on {@code text}; a wrong argument is the error Python would raise. */
  public static Object call(String text, String name, Object[] args) {
    if (name.equals("format")) {
      return PythonFormat.format(text, args == null ? new Object[0] : args);
    }
    if (BYTES.contains(name)) {
      throw new TemplateFailure(
          "str."
              + name
              + "() makes bytes, which a YAML document cannot hold; use the text itself, or the"
              + " b64encode filter for base64");
    }
    Method method = METHODS.get(name);
    return method.body().apply(text, method.parameters().bind(args));
  }

  /** A text argument; Python accepts no other type where it takes a str. */
  static String text(Object value, String method) {
    if (!PythonOperators.isText(value)) {
      throw new TemplateFailure(
          "str." + method + "() argument must be str, not " + TypeNames.python(value));
    }
    return value.toString();
  }

  private static String expandtabs(String text, long tabSize) {
    StringBuilder out = new StringBuilder(text.length());
    long column = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\t') {
        long spaces = tabSize > 0 ? tabSize - column % tabSize : 0;
        OutputBudget.refuseLarger("method", "str.expandtabs()", out.length() + spaces);
        out.append(" ".repeat((int) spaces));
        column += spaces;
      } else {
        out.append(c);
        column = c == '\n' || c == '\r' ? 0 : Character.isLowSurrogate(c) ? column : column + 1;
      }
    }
    return out.toString();
  }

  /**
   * Python's {@code text[start:end]} for the search methods, as UTF-16 offsets; {@code past} when
   * start lies beyond the end of the text, where even an empty string is not found.
   */
  private record Span(int from, int to, boolean past) {

    static Span of(String text, Object start, Object end) {
      int length = PythonText.length(text);
      long from = fromEnd(index(start, 0), length);
      long to = Math.min(fromEnd(index(end, length), length), length);
      if (from > length) {
        return new Span(0, 0, true);
      }
      int utf16From = text.offsetByCodePoints(0, (int) from);
      // An end before the start leaves no room, not even for an empty string.
      int utf16To = to < from ? utf16From - 1 : text.offsetByCodePoints(0, (int) to);
      return new Span(utf16From, utf16To, false);
    }

    /** A negative index counts from the end, and stops at the start. */
    private static long fromEnd(long index, int length) {
      return index < 0 ? Math.max(0, index + length) : index;
    }

    private static long index(Object value, long fallback) {
      if (value instanceof Double
          || value instanceof Float
          || value instanceof java.math.BigDecimal) {
        throw new TemplateFailure(
            "slice indices must be integers or None or have an __index__ method");
      }
      return MethodParameters.integer(value, fallback);
    }
  }

  /** The first argument of startswith and endswith: a str or a tuple of them. */
  private static boolean affix(String text, Object[] args, boolean start, String method) {
    Object affixes = args[0] instanceof PyList list ? list.toList() : args[0];
    List<?> options;
    if (PythonOperators.isText(affixes)) {
      options = List.of(affixes);
    } else if (affixes instanceof PythonTuple tuple) {
      options = tuple;
    } else {
      throw new TemplateFailure(
          method + " first arg must be str or a tuple of str, not " + TypeNames.python(affixes));
    }
    Span span = Span.of(text, args[1], args[2]);
    for (Object option : options) {
      if (!PythonOperators.isText(option)) {
        throw new TemplateFailure(
            "tuple for " + method + " must only contain str, not " + TypeNames.python(option));
      }
      String a = option.toString();
      boolean fits = !span.past() && span.to() - span.from() >= a.length();
      if (fits && text.startsWith(a, start ? span.from() : span.to() - a.length())) {
        return true;
      }
    }
    return false;
  }

  private static long find(String text, Object[] args, String method) {
    String part = text(args[0], method);
    Span span = Span.of(text, args[1], args[2]);
    int at = span.past() ? -1 : text.indexOf(part, span.from());
    return at >= 0 && at + part.length() <= span.to() ? position(text, at) : -1;
  }

  private static long rfind(String text, Object[] args, String method) {
    String part = text(args[0], method);
    Span span = Span.of(text, args[1], args[2]);
    int at = span.past() ? -1 : text.lastIndexOf(part, span.to() - part.length());
    return at >= span.from() ? position(text, at) : -1;
  }

  /** {@code index} and {@code rindex}: where {@code find} would give -1, an error. */
  private static long found(long position) {
    if (position < 0) {
      throw new TemplateFailure("substring not found");
    }
    return position;
  }

  private static long count(String text, Object[] args) {
    String part = text(args[0], "count");
    Span span = Span.of(text, args[1], args[2]);
    if (span.past() || span.to() < span.from()) {
      return 0;
    }
    if (part.isEmpty()) {
      return text.codePointCount(span.from(), span.to()) + 1L;
    }
    long found = 0;
    for (int at = text.indexOf(part, span.from());
        at >= 0 && at + part.length() <= span.to();
        at = text.indexOf(part, at + part.length())) {
      found++;
    }
    return found;
  }

  /** A UTF-16 index as Python counts it, in characters (code points). */
  private static long position(String text, int at) {
    return text.codePointCount(0, at);
  }

  private static String replace(String text, String old, String replacement, long count) {
    if (count < 0) {
      return text.replace(old, replacement);
    }
    StringBuilder out = new StringBuilder();
    int from = 0;
    for (long done = 0; done < count; done++) {
      int at = text.indexOf(old, from);
      if (at < 0) {
        break;
      }
      out.append(text, from, at).append(replacement);
      from = at + old.length();
    }
    return out.append(text.substring(from)).toString();
  }

  private static String title(String text) {
    StringBuilder out = new StringBuilder(text.length());
    boolean previousLetter = false;
    for (char c : text.toCharArray()) {
      out.append(previousLetter ? Character.toLowerCase(c) : Character.toUpperCase(c));
      previousLetter = Character.isLetter(c);
    }
    return out.toString();
  }

  private static String capitalize(String text) {
    return text.isEmpty()
        ? text
        : text.substring(0, 1).toUpperCase(Locale.ROOT)
            + text.substring(1).toLowerCase(Locale.ROOT);
  }

  private static String swapcase(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      out.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
    }
    return out.toString();
  }

  /**
   * Python's {@code casefold}: each character lowered, then as its capital lowered again, so {@code
   * ß} and {@code ẞ} fold to {@code ss} as Unicode's case folding has them.
   */
  private static String casefold(String text) {
    return PythonText.eachCodePoint(
        text,
        c ->
            Character.toString(c)
                .toLowerCase(Locale.ROOT)
                .toUpperCase(Locale.ROOT)
                .toLowerCase(Locale.ROOT));
  }

  private static String strip(String text, Object chars, boolean left, boolean right) {
    return PythonText.strip(text, chars == null ? null : text(chars, "strip"), left, right);
  }

  private static String removeprefix(String text, String prefix) {
    return text.startsWith(prefix) ? text.substring(prefix.length()) : text;
  }

  private static String removesuffix(String text, String suffix) {
    return text.endsWith(suffix) ? text.substring(0, text.length() - suffix.length()) : text;
  }

  private static String join(String separator, Object items) {
    List<?> parts =
        items instanceof Map<?, ?> map
            ? new ArrayList<>(map.keySet())
            : PythonSequences.isList(items) ? PythonSequences.asList(items) : null;
    if (parts == null) {
      throw new TemplateFailure("str.join() needs a list, not " + TypeNames.python(items));
    }
    List<String> texts = new ArrayList<>();
    for (Object part : parts) {
      if (!(part instanceof CharSequence)) {
        throw new TemplateFailure(
            "sequence item "
                + texts.size()
                + ": expected str instance, "
                + TypeNames.python(part)
                + " found");
      }
      texts.add(part.toString());
    }
    return String.join(separator, texts);
  }

  /** Whether the text has characters and all pass; on code points, as Python counts them. */
  private static boolean all(String text, IntPredicate test) {
    return !text.isEmpty() && text.codePoints().allMatch(test);
  }

  /** Python's digits: decimal ones and the others with a digit's value, such as ². */
  private static boolean isDigit(int c) {
    int value = Character.getNumericValue(c);
    return Character.isDigit(c)
        || Character.getType(c) == Character.OTHER_NUMBER && value >= 0 && value <= 9;
  }

  private static boolean isNumeric(int c) {
    int type = Character.getType(c);
    return type == Character.DECIMAL_DIGIT_NUMBER
        || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  private static boolean isIdentifier(String text) {
    int[] points = text.codePoints().toArray();
    if (points.length == 0
        || !(points[0] == '_' || Character.isUnicodeIdentifierStart(points[0]))) {
      return false;
    }
    for (int i = 1; i < points.length; i++) {
      if (!Character.isUnicodeIdentifierPart(points[i])
          || Character.isIdentifierIgnorable(points[i])) {
        return false;
      }
    }
    return true;
  }

  /** Capitals only after uncased characters, small letters only after cased ones; one at least. */
  private static boolean isTitle(String text) {
    boolean cased = false;
    boolean afterCased = false;
    for (int c : text.codePoints().toArray()) {
      boolean capital = Character.isUpperCase(c) || Character.isTitleCase(c);
      if (capital ? afterCased : Character.isLowerCase(c) && !afterCased) {
        return false;
      }
      afterCased = capital || Character.isLowerCase(c);
      cased |= afterCased;
    }
    return cased;
  }

  private static int width(Object value) {
    long width = MethodParameters.integer(value, 0);
    if (width > Limits.MAX_OUTPUT) {
      throw new TemplateFailure(
          "a width of "
              + width
              + " is more than a template may render ("
              + Limits.MAX_OUTPUT
              + " characters)");
    }
    return (int) width;
  }

  private static char fill(Object value) {
    String text = value == null ? " " : text(value, "fill");
    if (text.length() != 1) {
      throw new TemplateFailure("The fill character must be exactly one character long");
    }
    return text.charAt(0);
  }

  private static String pad(String text, int width, char fill, char align) {
    int missing = width - PythonText.length(text);
    if (missing <= 0) {
      return text;
    }
    int left =
        switch (align) {
          case 'l' -> 0;
          case 'r' -> missing;
          default -> missing / 2 + (missing & width & 1);
        };
    return String.valueOf(fill).repeat(left) + text + String.valueOf(fill).repeat(missing - left);
  }

  private static String zfill(String text, int width) {
    int missing = width - PythonText.length(text);
    if (missing <= 0) {
      return text;
    }
    boolean signed = !text.isEmpty() && (text.charAt(0) == '-' || text.charAt(0) == '+');
    return signed
        ? text.charAt(0) + "0".repeat(missing) + text.substring(1)
        : "0".repeat(missing) + text;
  }
}
