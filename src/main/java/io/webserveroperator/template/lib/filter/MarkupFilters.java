package io.webserveroperator.template.lib.filter;

import com.hubspot.jinjava.objects.SafeString;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonStrings;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.text.StringEscapeUtils;

/** Filters for HTML and URLs, as MarkupSafe and Jinja2 write them. */
final class MarkupFilters {

  /** What an attribute name may not contain ({@code re.ASCII}'s {@code \s}, as Jinja2's). */
  private static final Pattern INVALID_ATTRIBUTE_NAME = Pattern.compile("[\\s/>=]");

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
                  "escape",
                  "The text with `& < > \" '` escaped for HTML, unless marked safe.",
                  (v, a, k) -> new SafeString(escape(v)))
              .alias("e")
              .limitedBy(SizeLimits.timesTheText(6)),
          FilterSpec.of(
                  "forceescape",
                  "The text escaped for HTML, even if marked safe.",
                  (v, a, k) -> new SafeString(escape(PythonText.str(v))))
              .limitedBy(SizeLimits.timesTheText(6)),
          FilterSpec.jinjavas("safe", "The text marked safe: `escape` leaves it as it is.")
              .seeingFragments(),
          FilterSpec.of(
              "striptags",
              "The text without HTML tags and comments, whitespace collapsed.",
              (v, a, k) -> striptags(PythonText.str(v))),
          FilterSpec.of(
                  "urlencode",
                  "Text percent-encoded for a URL; a mapping or pairs as a query string.",
                  (v, a, k) -> urlencode(v))
              .limitedBy(SizeLimits.timesTheText(9)),
          FilterSpec.of(
                  "urlize",
                  "The text with URLs and e-mail addresses turned into HTML links.",
                  Urlize::urlize)
              .takes("trim_url_limit", "nofollow", "target", "rel", "extra_schemes"),
          FilterSpec.of(
                  "xmlattr",
                  "A mapping as HTML attributes, `key=\"value\"`, without none values.",
                  MarkupFilters::xmlattr)
              .takes("autospace"));

  private MarkupFilters() {}

  /**
   * Markupsafe's {@code escape}: the five characters HTML needs escaped; text already marked safe
   * stays as it is.
   */
  static String escape(Object value) {
    if (value instanceof SafeString safe) {
      return safe.getValue();
    }
    String text = PythonText.str(value);
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&#34;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * Jinja2's {@code urlencode}: a string percent-encoded with {@code /} kept; a mapping or list of
   * pairs as a query string, spaces as {@code +}.
   */
  private static Object urlencode(Object value) {
    List<?> pairs;
    if (value instanceof Map<?, ?> map) {
      pairs = map.entrySet().stream().map(e -> new PythonPair(e.getKey(), e.getValue())).toList();
    } else if (PythonSequences.isList(value)) {
      pairs = PythonSequences.asList(value);
    } else {
      return quote(PythonText.str(value), false);
    }
    List<String> query = new ArrayList<>();
    for (Object pair : pairs) {
      if (!PythonSequences.isList(pair) || PythonSequences.asList(pair).size() != 2) {
        throw new TemplateFailure(
            "urlencode of a list needs (key, value) pairs, not " + PythonText.repr(pair));
      }
      List<?> keyValue = PythonSequences.asList(pair);
      query.add(
          quote(PythonText.str(keyValue.get(0)), true)
              + "="
              + quote(PythonText.str(keyValue.get(1)), true));
    }
    return String.join("&", query);
  }

  private static String quote(String text, boolean query) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      boolean unreserved =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || "_.-~".indexOf(c) >= 0
              || (!query && c == '/');
      if (unreserved) {
        out.append(c);
      } else if (query && c == ' ') {
        out.append('+');
      } else {
        out.append('%').append(String.format("%02X", b & 0xff));
      }
    }
    return out.toString();
  }

  /**
   * MarkupSafe's {@code striptags}: comments, then tags, removed; whitespace collapsed; entities
   * decoded.
   */
  private static String striptags(String text) {
    String value = removeBetween(removeBetween(text, "<!--", "-->"), "<", ">");
    // Python's " ".join(value.split()): whitespace runs, as str.split() finds them, become one
    // space.
    List<?> words = (List<?>) PythonStrings.call(value, "split", new Object[0]);
    return StringEscapeUtils.unescapeHtml4(
        String.join(" ", words.stream().map(Object::toString).toList()));
  }

  private static String removeBetween(String text, String open, String close) {
    String value = text;
    int start;
    while ((start = value.indexOf(open)) >= 0) {
      int end = value.indexOf(close, start);
      if (end < 0) {
        break;
      }
      value = value.substring(0, start) + value.substring(end + close.length());
    }
    return value;
  }

  /**
   * Jinja2's {@code xmlattr(d, autospace=True)}: {@code key="value"} pairs, escaped, without the
   * none and undefined values; a key that would end the attribute is refused.
   */
  private static Object xmlattr(Object value, Object[] args, Map<String, Object> kwargs) {
    if (!(value instanceof Map<?, ?> map)) {
      throw new TemplateFailure("xmlattr needs a mapping, not " + TypeNames.python(value));
    }
    List<String> pairs = new ArrayList<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (MissingValueFilters.isMissing(entry.getValue())) {
        continue;
      }
      String key = PythonText.str(entry.getKey());
      if (INVALID_ATTRIBUTE_NAME.matcher(key).find()) {
        throw new TemplateFailure("Invalid character in attribute name: " + PythonText.repr(key));
      }
      pairs.add(escape(key) + "=\"" + escape(entry.getValue()) + "\"");
    }
    String attributes = String.join(" ", pairs);
    boolean autospace = FilterArgs.boolArg(args, kwargs, 0, "autospace", true);
    return autospace && !attributes.isEmpty() ? " " + attributes : attributes;
  }
}
