package io.webserveroperator.template;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Python's {@code str} methods, written for templates: {@code spec.image.split(':')[0]}, {@code
 * name.startswith('web-')}, {@code '{}-{}'.format(a, b)}. Each runs with Python's semantics (a
 * literal separator, never a regular expression) inside the sandbox; no Java method is reached.
 * Widths are bounded by the output limit before anything is allocated.
 */
final class PythonStrings {

  private static final Map<String, BiFunction<String, Object[], Object>> METHODS =
      Map.ofEntries(
          Map.entry("split", (s, a) -> split(s, arg(a, 0), intArg(a, 1, -1), false)),
          Map.entry("rsplit", (s, a) -> split(s, arg(a, 0), intArg(a, 1, -1), true)),
          Map.entry("splitlines", (s, a) -> splitlines(s)),
          Map.entry("startswith", (s, a) -> affix(s, a[0], true)),
          Map.entry("endswith", (s, a) -> affix(s, a[0], false)),
          Map.entry("replace", (s, a) -> replace(s, str(a[0]), str(a[1]), intArg(a, 2, -1))),
          Map.entry("upper", (s, a) -> s.toUpperCase(Locale.ROOT)),
          Map.entry("lower", (s, a) -> s.toLowerCase(Locale.ROOT)),
          Map.entry("title", (s, a) -> title(s)),
          Map.entry(
              "capitalize",
              (s, a) ->
                  s.isEmpty()
                      ? s
                      : s.substring(0, 1).toUpperCase(Locale.ROOT)
                          + s.substring(1).toLowerCase(Locale.ROOT)),
          Map.entry("swapcase", (s, a) -> swapcase(s)),
          Map.entry("strip", (s, a) -> strip(s, arg(a, 0), true, true)),
          Map.entry("lstrip", (s, a) -> strip(s, arg(a, 0), true, false)),
          Map.entry("rstrip", (s, a) -> strip(s, arg(a, 0), false, true)),
          Map.entry("format", (s, a) -> PythonFormat.format(s, a)),
          Map.entry("join", (s, a) -> join(s, a[0])),
          Map.entry("count", (s, a) -> count(s, str(a[0]))),
          Map.entry("find", (s, a) -> position(s, s.indexOf(str(a[0])))),
          Map.entry("rfind", (s, a) -> position(s, s.lastIndexOf(str(a[0])))),
          Map.entry("index", (s, a) -> index(s, str(a[0]))),
          Map.entry("isdigit", (s, a) -> !s.isEmpty() && s.chars().allMatch(Character::isDigit)),
          Map.entry("isalpha", (s, a) -> !s.isEmpty() && s.chars().allMatch(Character::isLetter)),
          Map.entry(
              "isalnum", (s, a) -> !s.isEmpty() && s.chars().allMatch(Character::isLetterOrDigit)),
          Map.entry(
              "islower",
              (s, a) ->
                  s.chars().anyMatch(Character::isLetter) && s.equals(s.toLowerCase(Locale.ROOT))),
          Map.entry(
              "isupper",
              (s, a) ->
                  s.chars().anyMatch(Character::isLetter) && s.equals(s.toUpperCase(Locale.ROOT))),
          Map.entry("zfill", (s, a) -> zfill(s, width(a[0]))),
          Map.entry("ljust", (s, a) -> pad(s, width(a[0]), fill(a), 'l')),
          Map.entry("rjust", (s, a) -> pad(s, width(a[0]), fill(a), 'r')),
          Map.entry("center", (s, a) -> pad(s, width(a[0]), fill(a), 'c')),
          Map.entry("partition", (s, a) -> partition(s, str(a[0]))));

  private PythonStrings() {}

  /** Whether {@code name} is a str method templates may call. */
  static boolean has(String name) {
    return METHODS.containsKey(name);
  }

  /** Calls the method on {@code text}; a wrong argument is the error Python would raise. */
  static Object call(String text, String name, Object[] args) {
    try {
      return METHODS.get(name).apply(text, args == null ? new Object[0] : args);
    } catch (ArrayIndexOutOfBoundsException e) {
      throw new TemplateFailure("str." + name + "() is missing an argument");
    }
  }

  private static Object arg(Object[] args, int index) {
    return index < args.length ? args[index] : null;
  }

  private static int intArg(Object[] args, int index, int fallback) {
    Object value = arg(args, index);
    return value instanceof Number n ? n.intValue() : fallback;
  }

  private static String str(Object value) {
    if (value instanceof Undefined undefined) {
      throw undefined.failure();
    }
    return PythonText.str(value);
  }

  private static List<String> split(String text, Object separator, int max, boolean fromRight) {
    List<String> parts = new ArrayList<>();
    if (separator == null) {
      List<String> words = new ArrayList<>(Arrays.asList(text.strip().split("\\s+")));
      words.removeIf(String::isEmpty);
      if (max < 0 || words.size() <= max + 1) {
        return words;
      }
      // Python keeps the rest of the text, spacing and all, in the last part.
      return fromRight ? rsplitWhitespace(text, max) : lsplitWhitespace(text, max);
    }
    String sep = str(separator);
    if (sep.isEmpty()) {
      throw new TemplateFailure("str.split() got an empty separator");
    }
    String rest = text;
    while (max < 0 || parts.size() < max) {
      int at = fromRight ? rest.lastIndexOf(sep) : rest.indexOf(sep);
      if (at < 0) {
        break;
      }
      if (fromRight) {
        parts.add(0, rest.substring(at + sep.length()));
        rest = rest.substring(0, at);
      } else {
        parts.add(rest.substring(0, at));
        rest = rest.substring(at + sep.length());
      }
    }
    if (fromRight) {
      parts.add(0, rest);
    } else {
      parts.add(rest);
    }
    return parts;
  }

  private static List<String> splitlines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\r\n|\r|\n", -1)));
    if (lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }

  private static List<String> lsplitWhitespace(String text, int max) {
    List<String> parts = new ArrayList<>();
    String rest = text.stripLeading();
    while (parts.size() < max) {
      String[] two = rest.split("\\s+", 2);
      parts.add(two[0]);
      rest = two.length > 1 ? two[1] : "";
    }
    if (!rest.isEmpty()) {
      parts.add(rest);
    }
    return parts;
  }

  private static List<String> rsplitWhitespace(String text, int max) {
    List<String> parts = new ArrayList<>();
    String rest = text.stripTrailing();
    while (parts.size() < max) {
      int at = rest.length() - 1;
      while (at >= 0 && !Character.isWhitespace(rest.charAt(at))) {
        at--;
      }
      parts.add(0, rest.substring(at + 1));
      rest = at < 0 ? "" : rest.substring(0, at).stripTrailing();
    }
    if (!rest.isEmpty()) {
      parts.add(0, rest);
    }
    return parts;
  }

  private static boolean affix(String text, Object affixes, boolean start) {
    List<?> options = TextFormat.isList(affixes) ? TextFormat.asList(affixes) : List.of(affixes);
    for (Object option : options) {
      String a = str(option);
      if (start ? text.startsWith(a) : text.endsWith(a)) {
        return true;
      }
    }
    return false;
  }

  private static String replace(String text, String old, String replacement, int count) {
    if (count < 0) {
      return text.replace(old, replacement);
    }
    StringBuilder out = new StringBuilder();
    int from = 0;
    for (int done = 0; done < count; done++) {
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

  private static String swapcase(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      out.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
    }
    return out.toString();
  }

  private static String strip(String text, Object chars, boolean left, boolean right) {
    if (chars == null) {
      String s = left ? text.stripLeading() : text;
      return right ? s.stripTrailing() : s;
    }
    return PythonText.strip(text, str(chars), left, right);
  }

  private static String join(String separator, Object items) {
    List<?> parts =
        items instanceof Map<?, ?> map
            ? new ArrayList<>(map.keySet())
            : TextFormat.isList(items) ? TextFormat.asList(items) : null;
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

  private static long count(String text, String part) {
    if (part.isEmpty()) {
      return PythonText.length(text) + 1L;
    }
    long found = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
      found++;
    }
    return found;
  }

  private static long index(String text, String part) {
    int at = text.indexOf(part);
    if (at < 0) {
      throw new TemplateFailure("substring not found");
    }
    return position(text, at);
  }

  /** A UTF-16 index as Python counts it, in characters (code points); -1 stays -1. */
  private static long position(String text, int at) {
    return at < 0 ? -1 : text.codePointCount(0, at);
  }

  private static int width(Object value) {
    if (!(value instanceof Number number)) {
      throw new TemplateFailure("a width must be an integer, not " + TypeNames.python(value));
    }
    long width = number.longValue();
    if (width > EngineFactory.MAX_OUTPUT) {
      throw new TemplateFailure(
          "a width of "
              + width
              + " is more than a template may render ("
              + EngineFactory.MAX_OUTPUT
              + " characters)");
    }
    return (int) width;
  }

  private static char fill(Object[] args) {
    Object fill = arg(args, 1);
    String text = fill == null ? " " : str(fill);
    if (text.length() != 1) {
      throw new TemplateFailure("the fill character must be exactly one character long");
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

  private static List<String> partition(String text, String separator) {
    int at = text.indexOf(separator);
    return at < 0
        ? List.of(text, "", "")
        : List.of(text.substring(0, at), separator, text.substring(at + separator.length()));
  }
}
