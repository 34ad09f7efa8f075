package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jinja2 3.1's {@code urlize}: the text HTML-escaped, and each word that is a URL ({@code http://},
 * {@code https://}, {@code www.}, a bare domain of a common top-level domain) or an email address
 * made a link, with {@code rel="noopener"} as Jinja2's default policy adds it. Punctuation around a
 * word stays outside its link, as Jinja2 decides it.
 */
final class Urlize {

  private static final int FLAGS =
      Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS;

  /** Jinja2's {@code _http_re}. */
  private static final Pattern HTTP =
      Pattern.compile(
          "((https?://|www\\.)(([\\w%-]+\\.)+)?([a-z]{2,63}|xn--[\\w%]{2,59})"
              + "|([\\w%-]{2,63}\\.)+(com|net|int|edu|gov|org|info|mil)"
              + "|(https?://)((([\\d]{1,3})(\\.[\\d]{1,3}){3})"
              + "|(\\[([\\da-f]{0,4}:){2}([\\da-f]{0,4}:?){1,6}])))"
              + "(?::[\\d]{1,5})?(?:[/?#]\\S*)?",
          FLAGS);

  private static final Pattern EMAIL =
      Pattern.compile("\\S+@\\w[\\w.-]*\\.\\w+", Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern SCHEME =
      Pattern.compile("[\\w.+-]{2,}:(/){0,2}", Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern SPACE = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern LEAD = Pattern.compile("^([(<]|&lt;)+");
  private static final String[][] BRACKETS = {{"(", ")"}, {"<", ">"}, {"&lt;", "&gt;"}};

  /** Link attributes and options, as {@code do_urlize} works them out from its arguments. */
  private record Options(String attributes, Integer trimLimit, List<String> extraSchemes) {}

  private Urlize() {}

  /**
   * Jinja2's {@code urlize(value, trim_url_limit=None, nofollow=False, target=None, rel=None,
   * extra_schemes=None)}.
   */
  static Object urlize(Object value, Object[] args, Map<String, Object> kwargs) {
    Object limit = FilterArgs.get(args, kwargs, 0, "trim_url_limit");
    TreeSet<String> rel = new TreeSet<>();
    Object relArg = FilterArgs.get(args, kwargs, 3, "rel");
    if (relArg != null) {
      rel.addAll(List.of(PythonText.str(relArg).strip().split("\\s+")));
      rel.remove("");
    }
    if (FilterArgs.boolArg(args, kwargs, 1, "nofollow", false)) {
      rel.add("nofollow");
    }
    rel.add("noopener");
    Object target = FilterArgs.get(args, kwargs, 2, "target");
    String attributes =
        " rel=\""
            + MarkupFilters.escape(String.join(" ", rel))
            + "\""
            + (target == null || PythonText.str(target).isEmpty()
                ? ""
                : " target=\"" + MarkupFilters.escape(target) + "\"");
    List<String> schemes = new ArrayList<>();
    Object extra = FilterArgs.get(args, kwargs, 4, "extra_schemes");
    if (extra != null) {
      for (Object scheme : FilterInput.items(extra, "urlize's extra_schemes")) {
        String prefix = PythonText.str(scheme);
        if (!SCHEME.matcher(prefix).matches()) {
          throw new TemplateFailure(PythonText.repr(prefix) + " is not a valid URI scheme prefix.");
        }
        schemes.add(prefix);
      }
    }
    Integer trimLimit =
        limit == null ? null : FilterArgs.intArg(args, kwargs, 0, "trim_url_limit", 0);
    return urlize(MarkupFilters.escape(value), new Options(attributes, trimLimit, schemes));
  }

  private static String urlize(String escaped, Options options) {
    StringBuilder out = new StringBuilder(escaped.length() + 64);
    Matcher space = SPACE.matcher(escaped);
    int from = 0;
    while (space.find()) {
      out.append(word(escaped.substring(from, space.start()), options)).append(space.group());
      from = space.end();
      OutputBudget.refuseLarger("urlize", out.length());
    }
    out.append(word(escaped.substring(from), options));
    OutputBudget.refuseLarger("urlize", out.length());
    return out.toString();
  }

  /** One word: leading and trailing punctuation kept apart, the rest made a link if it is one. */
  private static String word(String word, Options options) {
    String head = "";
    String middle = word;
    Matcher lead = LEAD.matcher(middle);
    if (lead.find()) {
      head = lead.group();
      middle = middle.substring(lead.end());
    }
    int trail = trailStart(middle);
    String tail = middle.substring(trail);
    middle = middle.substring(0, trail);
    // A closing bracket in the tail belongs to the URL when the URL opens one.
    for (String[] pair : BRACKETS) {
      int opened = count(middle, pair[0]);
      if (opened <= count(middle, pair[1])) {
        continue;
      }
      for (int i = Math.min(opened, count(tail, pair[1])); i > 0; i--) {
        int end = tail.indexOf(pair[1]) + pair[1].length();
        middle += tail.substring(0, end);
        tail = tail.substring(end);
      }
    }
    return head + link(middle, options) + tail;
  }

  /** Where the run of {@code ) > . , \\n} and {@code &gt;} that ends the word starts. */
  private static int trailStart(String word) {
    int end = word.length();
    while (end > 0) {
      if (")>.,\n".indexOf(word.charAt(end - 1)) >= 0) {
        end--;
      } else if (word.startsWith("&gt;", end - 4)) {
        end -= 4;
      } else {
        break;
      }
    }
    return end;
  }

  private static String link(String middle, Options options) {
    if (HTTP.matcher(middle).matches()) {
      String href =
          middle.startsWith("https://") || middle.startsWith("http://")
              ? middle
              : "https://" + middle;
      return "<a href=\""
          + href
          + "\""
          + options.attributes()
          + ">"
          + trim(middle, options.trimLimit())
          + "</a>";
    }
    if (middle.startsWith("mailto:") && EMAIL.matcher(middle.substring(7)).matches()) {
      return "<a href=\"" + middle + "\">" + middle.substring(7) + "</a>";
    }
    if (middle.contains("@")
        && !middle.startsWith("www.")
        && !middle.startsWith("@")
        && !middle.contains(":")
        && EMAIL.matcher(middle).matches()) {
      return "<a href=\"mailto:" + middle + "\">" + middle + "</a>";
    }
    for (String scheme : options.extraSchemes()) {
      if (!middle.equals(scheme) && middle.startsWith(scheme)) {
        return "<a href=\"" + middle + "\"" + options.attributes() + ">" + middle + "</a>";
      }
    }
    return middle;
  }

  private static String trim(String url, Integer limit) {
    if (limit == null || PythonText.length(url) <= limit) {
      return url;
    }
    return url.substring(0, url.offsetByCodePoints(0, Math.max(0, limit))) + "...";
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
      count++;
    }
    return count;
  }
}
