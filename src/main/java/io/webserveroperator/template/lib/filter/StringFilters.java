package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.python.PythonPercent;
import io.webserveroperator.template.python.PythonStrings;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Filters from text to text: case, padding, replacing, trimming, wrapping and indenting. */
final class StringFilters {

  /** Where {@code title} starts a word: after hyphens, whitespace and opening brackets. */
  private static final Pattern WORD_BEGINNING =
      Pattern.compile("[-\\s({\\[<]+", Pattern.UNICODE_CHARACTER_CLASS);

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
              "upper",
              "The text in upper case.",
              (v, a, k) -> PythonText.str(v).toUpperCase(Locale.ROOT)),
          FilterSpec.of(
              "lower",
              "The text in lower case.",
              (v, a, k) -> PythonText.str(v).toLowerCase(Locale.ROOT)),
          FilterSpec.jinjavas("capitalize", "The first character upper case, the rest lower."),
          FilterSpec.of("title", "Each word capitalised.", (v, a, k) -> title(PythonText.str(v))),
          FilterSpec.of(
                  "center",
                  "The text centred in a line of `width` characters.",
                  (v, a, k) ->
                      PythonStrings.call(
                          PythonText.str(v),
                          "center",
                          new Object[] {FilterArgs.intArg(a, k, 0, "width", 80)}))
              .takes("width")
              .limitedBy(SizeLimits::center),
          FilterSpec.of(
                  "replace",
                  "Python's `str.replace`: `old` replaced by `new`, at most `count` times.",
                  StringFilters::replace)
              .takes(2, "old", "new", "count")
              .limitedBy(SizeLimits::replace),
          FilterSpec.of(
                  "trim",
                  "The text without leading and trailing whitespace, or `chars`.",
                  StringFilters::trim)
              .takes("chars")
              .seeingFragments(),
          FilterSpec.of(
                  "truncate",
                  "The text cut to `length` characters, at a word unless `killwords`, with `end`.",
                  StringFilters::truncate)
              .takes("length", "killwords", "end", "leeway"),
          FilterSpec.jinjavas("wordcount", "The number of words in the text."),
          FilterSpec.of(
                  "wordwrap",
                  "The text wrapped at `width` characters, as Python's `textwrap`.",
                  TextWrap::wordwrap)
              .takes("width", "break_long_words", "wrapstring", "break_on_hyphens"),
          FilterSpec.of(
                  "format",
                  "Python's `value % args`, or `value % kwargs` for `%(name)s`.",
                  StringFilters::format)
              .takesAnyArguments()
              .limitedBy(SizeLimits::format),
          FilterSpec.of("string", "Python's `str` of the value.", (v, a, k) -> PythonText.str(v)),
          FilterSpec.of(
                  "indent",
                  "Every line but the first (or all, `first`) indented by `width`.",
                  StringFilters::indent)
              .takes("width", "first", "blank")
              .seeingFragments(),
          FilterSpec.of(
                  "nindent",
                  "A newline, then every line indented by `width` (Helm's).",
                  StringFilters::nindent)
              .takes("width")
              .seeingFragments());

  private StringFilters() {}

  /** Jinja2's {@code title}: each piece between word beginnings capitalised. */
  private static String title(String text) {
    StringBuilder out = new StringBuilder(text.length());
    Matcher beginning = WORD_BEGINNING.matcher(text);
    int from = 0;
    while (beginning.find()) {
      out.append(capitalised(text.substring(from, beginning.start())));
      out.append(beginning.group());
      from = beginning.end();
    }
    return out.append(capitalised(text.substring(from))).toString();
  }

  private static String capitalised(String word) {
    if (word.isEmpty()) {
      return word;
    }
    int first = Character.charCount(word.codePointAt(0));
    return word.substring(0, first).toUpperCase(Locale.ROOT)
        + word.substring(first).toLowerCase(Locale.ROOT);
  }

  /** Jinja2's {@code replace(s, old, new, count=None)}, as Python's {@code str.replace}. */
  private static Object replace(Object value, Object[] args, Map<String, Object> kwargs) {
    Object old = FilterArgs.get(args, kwargs, 0, "old");
    Object replacement = FilterArgs.get(args, kwargs, 1, "new");
    Object count = FilterArgs.get(args, kwargs, 2, "count");
    String text = PythonText.str(value);
    if (old != null && PythonText.str(old).isEmpty()) {
      // Python inserts the replacement between every character and at both ends.
      String with = PythonText.str(replacement);
      long limit = count instanceof Number n ? n.longValue() : Long.MAX_VALUE;
      StringBuilder out = new StringBuilder();
      int[] points = text.codePoints().toArray();
      long done = 0;
      for (int i = 0; i <= points.length; i++) {
        if (done++ < limit) {
          out.append(with);
        }
        if (i < points.length) {
          out.appendCodePoint(points[i]);
        }
      }
      return out.toString();
    }
    return PythonStrings.call(
        text,
        "replace",
        count == null ? new Object[] {old, replacement} : new Object[] {old, replacement, count});
  }

  /** Jinja2's {@code trim(value, chars=None)}. */
  private static Object trim(Object value, Object[] args, Map<String, Object> kwargs) {
    Object chars = FilterArgs.get(args, kwargs, 0, "chars");
    if (value instanceof Fragment fragment && chars == null) {
      return new Trimmed(fragment);
    }
    String text =
        value instanceof Fragment fragment ? fragment.toString() : FilterInput.text(value);
    return PythonText.strip(text, chars == null ? null : chars.toString());
  }

  /** Jinja2's {@code truncate(s, length=255, killwords=False, end='...', leeway=5)}. */
  private static Object truncate(Object value, Object[] args, Map<String, Object> kwargs) {
    String text = PythonText.str(value);
    int length = FilterArgs.intArg(args, kwargs, 0, "length", 255);
    boolean killwords = FilterArgs.boolArg(args, kwargs, 1, "killwords", false);
    Object end = FilterArgs.get(args, kwargs, 2, "end");
    String ending = end == null ? "..." : end.toString();
    int leeway = FilterArgs.intArg(args, kwargs, 3, "leeway", 5);
    if (length < PythonText.length(ending)) {
      throw new TemplateFailure(
          "truncate expected length >= " + PythonText.length(ending) + ", got " + length);
    }
    if (leeway < 0) {
      throw new TemplateFailure("truncate expected leeway >= 0, got " + leeway);
    }
    int[] points = text.codePoints().toArray();
    if (points.length <= length + leeway) {
      return text;
    }
    int keep = Math.max(0, length - PythonText.length(ending));
    String head = new String(points, 0, Math.min(keep, points.length));
    if (killwords) {
      return head + ending;
    }
    int space = head.lastIndexOf(' ');
    return (space < 0 ? head : head.substring(0, space)) + ending;
  }

  /**
   * Jinja2's {@code format(value, *args, **kwargs)}: Python's {@code value % args}, or {@code value
   * % kwargs} for {@code %(name)s}.
   */
  private static Object format(Object value, Object[] args, Map<String, Object> kwargs) {
    if (args.length > 0 && !kwargs.isEmpty()) {
      throw new TemplateFailure("can't handle positional and keyword arguments at the same time");
    }
    return PythonPercent.format(
        PythonText.str(value), kwargs.isEmpty() ? Arrays.asList(args) : kwargs);
  }

  /** Jinja2's {@code indent(s, width=4, first=False, blank=False)}. */
  private static Object indent(Object value, Object[] args, Map<String, Object> kwargs) {
    Object width = FilterArgs.get(args, kwargs, 0, "width");
    String pad = Indented.pad("indent", width == null ? 4 : width);
    boolean first = FilterArgs.boolArg(args, kwargs, 1, "first", false);
    boolean blank = FilterArgs.boolArg(args, kwargs, 2, "blank", false);
    if (value instanceof Fragment fragment) {
      return new Indented(fragment, pad, first, blank, false);
    }
    return Indented.indent("indent", FilterInput.text(value), pad, first, blank);
  }

  private static Object nindent(Object value, Object[] args, Map<String, Object> kwargs) {
    String pad = Indented.pad("nindent", FilterArgs.intArg(args, kwargs, 0, "width", 4));
    if (value instanceof Fragment fragment) {
      return new Indented(fragment, pad, true, false, true);
    }
    return "\n" + Indented.indent("nindent", FilterInput.text(value), pad, true, false);
  }
}
