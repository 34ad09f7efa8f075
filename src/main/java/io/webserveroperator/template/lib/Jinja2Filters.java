package io.webserveroperator.template.lib;

import static io.webserveroperator.template.lib.Filters.named;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.objects.Namespace;
import com.hubspot.jinjava.objects.SafeString;
import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.python.NamedTuple;
import io.webserveroperator.template.python.PythonFormat;
import io.webserveroperator.template.python.PythonIteration;
import io.webserveroperator.template.python.PythonOperators;
import io.webserveroperator.template.python.PythonOrder;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonPercent;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonStrings;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TextBudget;
import io.webserveroperator.template.python.TypeNames;
import io.webserveroperator.template.python.Undefined;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.StringEscapeUtils;

/**
 * Jinja2's built-in filters where jinjava's differ from them: the same names, arguments (positional
 * and keyword) and results as Jinja2 3.1, with Python's numbers, ordering and code-point strings.
 */
public final class Jinja2Filters {

  /** Where {@code title} starts a word: after hyphens, whitespace and opening brackets. */
  private static final Pattern WORD_BEGINNING =
      Pattern.compile("[-\\s({\\[<]+", Pattern.UNICODE_CHARACTER_CLASS);

  private static final List<String> DECIMAL_UNITS =
      List.of("kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB");
  private static final List<String> BINARY_UNITS =
      List.of("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB");

  /** What an attribute name may not contain ({@code re.ASCII}'s {@code \s}, as Jinja2's). */
  private static final Pattern INVALID_ATTRIBUTE_NAME = Pattern.compile("[\\s/>=]");

  /** Python's {@code float(text)} after stripping: digits with single underscores between. */
  private static final Pattern PYTHON_FLOAT =
      Pattern.compile(
          "[+-]?(?:\\d(?:_?\\d)*(?:\\.(?:\\d(?:_?\\d)*)?)?|\\.\\d(?:_?\\d)*)"
              + "(?:[eE][+-]?\\d(?:_?\\d)*)?");

  private Jinja2Filters() {}

  /** Registers the filters on a context, replacing jinjava's of the same names. */
  public static void register(Context context) {
    context.registerFilter(named("min", (v, a, k) -> extreme(v, a, k, false)));
    context.registerFilter(named("max", (v, a, k) -> extreme(v, a, k, true)));
    context.registerFilter(named("sort", Jinja2Filters::sort));
    context.registerFilter(named("dictsort", Jinja2Filters::dictsort));
    context.registerFilter(named("unique", Jinja2Filters::unique));
    context.registerFilter(named("sum", Jinja2Filters::sum));
    context.registerFilter(named("round", Jinja2Filters::round));
    context.registerFilter(named("int", Jinja2Filters::toInt));
    context.registerFilter(named("float", Jinja2Filters::toFloat));
    context.registerFilter(named("length", (v, a, k) -> length(v)));
    context.registerFilter(named("count", (v, a, k) -> length(v)));
    context.registerFilter(named("batch", Jinja2Filters::batch));
    context.registerFilter(named("list", (v, a, k) -> list(v)));
    context.registerFilter(named("first", (v, a, k) -> end(v, true)));
    context.registerFilter(named("last", (v, a, k) -> end(v, false)));
    context.registerFilter(named("join", Jinja2Filters::join));
    context.registerFilter(named("truncate", Jinja2Filters::truncate));
    context.registerFilter(named("string", (v, a, k) -> PythonText.str(v)));
    context.registerFilter(named("pprint", (v, a, k) -> PythonText.repr(sortedKeys(v))));
    context.registerFilter(named("abs", (v, a, k) -> abs(v)));
    context.registerFilter(named("striptags", (v, a, k) -> striptags(PythonText.str(v))));
    context.registerFilter(named("upper", (v, a, k) -> PythonText.str(v).toUpperCase(Locale.ROOT)));
    context.registerFilter(named("lower", (v, a, k) -> PythonText.str(v).toLowerCase(Locale.ROOT)));
    context.registerFilter(
        named(
            "center",
            (v, a, k) ->
                PythonStrings.call(
                    PythonText.str(v),
                    "center",
                    new Object[] {FilterArgs.intArg(a, k, 0, "width", 80)})));
    context.registerFilter(named("replace", Jinja2Filters::replace));
    context.registerFilter(named("slice", Jinja2Filters::slice));
    context.registerFilter(named("escape", (v, a, k) -> new SafeString(escape(v))));
    context.registerFilter(named("e", (v, a, k) -> new SafeString(escape(v))));
    context.registerFilter(
        named("forceescape", (v, a, k) -> new SafeString(escape(PythonText.str(v)))));
    context.registerFilter(named("urlencode", (v, a, k) -> urlencode(v)));
    context.registerFilter(named("format", Jinja2Filters::format));
    context.registerFilter(named("reverse", (v, a, k) -> reverse(v)));
    context.registerFilter(named("attr", Jinja2Filters::attr));
    context.registerFilter(named("xmlattr", Jinja2Filters::xmlattr));
    context.registerFilter(named("wordwrap", TextWrap::wordwrap));
    context.registerFilter(named("urlize", Urlize::urlize));
    context.registerFilter(named("title", (v, a, k) -> title(PythonText.str(v))));
    context.registerFilter(named("filesizeformat", Jinja2Filters::filesizeformat));
  }

  /** Jinja2's {@code min}/{@code max(value, case_sensitive=False, attribute=None)}. */
  private static Object extreme(
      Object value, Object[] args, Map<String, Object> kwargs, boolean max) {
    List<Object> items = items(value, max ? "max" : "min");
    if (items.isEmpty()) {
      return Undefined.because("No aggregated item, sequence was empty.");
    }
    Comparator<Object> order = order(args, kwargs, 0, 1);
    return max ? items.stream().max(order).get() : items.stream().min(order).get();
  }

  /** Jinja2's {@code sort(value, reverse=False, case_sensitive=False, attribute=None)}. */
  private static Object sort(Object value, Object[] args, Map<String, Object> kwargs) {
    List<Object> items = items(value, "sort");
    Comparator<Object> order = order(args, kwargs, 1, 2);
    items.sort(FilterArgs.boolArg(args, kwargs, 0, "reverse", false) ? order.reversed() : order);
    return items;
  }

  /**
   * A list's items, a mapping's keys, or a string's characters (code points), as iterating it in
   * Python gives them.
   */
  static List<Object> items(Object value, String filter) {
    if (!(value instanceof Map
        || value instanceof CharSequence
        || value instanceof Fragment
        || PythonSequences.isList(value))) {
      throw new TemplateFailure(
          filter
              + " needs a list, a mapping or a string to iterate, not "
              + TypeNames.python(value));
    }
    return new ArrayList<>(PythonIteration.items(value));
  }

  /**
   * Python order on the items, or on an attribute of each: {@code attribute} may be a dotted path
   * ({@code meta.age}) or several, comma-separated, compared in turn.
   */
  private static Comparator<Object> order(
      Object[] args, Map<String, Object> kwargs, int caseSensitiveAt, int attributeAt) {
    boolean caseSensitive =
        FilterArgs.boolArg(args, kwargs, caseSensitiveAt, "case_sensitive", false);
    Object attribute = args.length > attributeAt ? args[attributeAt] : kwargs.get("attribute");
    PythonOrder python = new PythonOrder(caseSensitive);
    if (attribute == null) {
      return python;
    }
    List<String> paths = List.of(attribute.toString().split(","));
    return Comparator.comparing(
        item -> paths.stream().map(path -> lookup(item, path.strip())).toList(), python);
  }

  static Object lookup(Object item, String path) {
    Object value = item;
    for (String part : path.split("\\.")) {
      if (value instanceof Map<?, ?> map && map.containsKey(part)) {
        value = map.get(part);
      } else if (value instanceof NamedTuple tuple && !(tuple.field(part) instanceof Undefined)) {
        value = tuple.field(part);
      } else if (PythonSequences.isList(value) && part.matches("\\d+")) {
        value = PythonSequences.asList(value).get(Integer.parseInt(part));
      } else {
        throw noAttribute(value, part).failure();
      }
    }
    return value;
  }

  /** Jinja2's {@code dictsort(value, case_sensitive=False, by='key', reverse=False)}. */
  private static Object dictsort(Object value, Object[] args, Map<String, Object> kwargs) {
    if (!(value instanceof Map<?, ?> map)) {
      throw new TemplateFailure("dictsort needs a mapping, not " + TypeNames.python(value));
    }
    boolean caseSensitive = FilterArgs.boolArg(args, kwargs, 0, "case_sensitive", false);
    Object by = FilterArgs.get(args, kwargs, 1, "by");
    int position;
    if (by == null || "key".equals(by)) {
      position = 0;
    } else if ("value".equals(by)) {
      position = 1;
    } else {
      throw new TemplateFailure("dictsort can sort by 'key' or 'value', not '" + by + "'");
    }
    List<Object> pairs = new ArrayList<>();
    map.forEach((key, item) -> pairs.add(new PythonPair(key, item)));
    Comparator<Object> order =
        Comparator.comparing(
            pair -> ((PythonPair) pair).get(position), new PythonOrder(caseSensitive));
    pairs.sort(FilterArgs.boolArg(args, kwargs, 2, "reverse", false) ? order.reversed() : order);
    return pairs;
  }

  /** Jinja2's {@code unique(value, case_sensitive=False, attribute=None)}: first ones kept. */
  private static Object unique(Object value, Object[] args, Map<String, Object> kwargs) {
    boolean caseSensitive = FilterArgs.boolArg(args, kwargs, 0, "case_sensitive", false);
    Object attribute = FilterArgs.get(args, kwargs, 1, "attribute");
    Set<Object> seen = new HashSet<>();
    List<Object> kept = new ArrayList<>();
    for (Object item : items(value, "unique")) {
      Object key = attribute == null ? item : lookup(item, attribute.toString());
      if (key instanceof String text && !caseSensitive) {
        key = text.toLowerCase(Locale.ROOT);
      } else if (key instanceof Number number) {
        key = new BigDecimal(number.toString()).stripTrailingZeros();
      }
      if (seen.add(key)) {
        kept.add(item);
      }
    }
    return kept;
  }

  /** Jinja2's {@code sum(iterable, attribute=None, start=0)}: ints stay exact, floats add up. */
  private static Object sum(Object value, Object[] args, Map<String, Object> kwargs) {
    Object attribute = FilterArgs.get(args, kwargs, 0, "attribute");
    Object start = FilterArgs.get(args, kwargs, 1, "start");
    Object total = start == null ? 0L : start;
    for (Object item : items(value, "sum")) {
      total =
          PythonOperators.add(total, attribute == null ? item : lookup(item, attribute.toString()));
    }
    return total;
  }

  private static boolean isFloat(Number number) {
    return number instanceof Double || number instanceof Float || number instanceof BigDecimal;
  }

  /** Python's {@code pprint} orders a mapping's keys. */
  private static Object sortedKeys(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> sorted = new TreeMap<>(new PythonOrder(true));
      map.forEach((k, v) -> sorted.put(k, sortedKeys(v)));
      return sorted;
    }
    if (value instanceof List<?> list && !(value instanceof PythonPair)) {
      return list.stream().map(Jinja2Filters::sortedKeys).toList();
    }
    return value;
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

  /** Python's {@code abs}: numbers only; a bool is 0 or 1. */
  private static Object abs(Object value) {
    if (value instanceof Boolean flag) {
      return flag ? 1L : 0L;
    }
    if (!(value instanceof Number number)) {
      throw new TemplateFailure("bad operand type for abs(): " + TypeNames.python(value));
    }
    if (isFloat(number)) {
      return Math.abs(number.doubleValue());
    }
    return PythonOperators.narrow(new BigInteger(number.toString()).abs());
  }

  /** Jinja2's {@code round(value, precision=0, method='common')}: a float, or an int for one. */
  private static Object round(Object value, Object[] args, Map<String, Object> kwargs) {
    if (!(value instanceof Number number)) {
      throw new TemplateFailure("round needs a number, not " + TypeNames.python(value));
    }
    int precision = FilterArgs.intArg(args, kwargs, 0, "precision", 0);
    Object method = FilterArgs.get(args, kwargs, 1, "method");
    RoundingMode mode =
        switch (method == null ? "common" : method.toString()) {
          // Python's round(): half to even, on the double's exact binary value.
          case "common" -> RoundingMode.HALF_EVEN;
          case "ceil" -> RoundingMode.CEILING;
          case "floor" -> RoundingMode.FLOOR;
          default ->
              throw new TemplateFailure(
                  "round's method must be common, ceil or floor, not " + method);
        };
    if (!isFloat(number) && mode == RoundingMode.HALF_EVEN) {
      // Python's round() keeps an int an int; ceil and floor go through a float in Jinja2.
      return new BigDecimal(number.toString()).setScale(precision, mode).toBigInteger().longValue();
    }
    BigDecimal exact = number instanceof BigDecimal d ? d : new BigDecimal(number.doubleValue());
    double rounded = exact.setScale(precision, mode).doubleValue();
    // Python's round() keeps the sign of a negative number rounded to zero: -0.0.
    return rounded == 0 && mode == RoundingMode.HALF_EVEN && number.doubleValue() < 0
        ? -0.0
        : rounded;
  }

  /** Jinja2's {@code int(value, default=0, base=10)}. */
  private static Object toInt(Object value, Object[] args, Map<String, Object> kwargs) {
    Object fallback = FilterArgs.get(args, kwargs, 0, "default");
    int base = FilterArgs.intArg(args, kwargs, 1, "base", 10);
    if (value instanceof Boolean flag) {
      return flag ? 1L : 0L;
    }
    if (value instanceof Number number) {
      return isFloat(number)
          ? new BigDecimal(number.doubleValue()).toBigInteger().longValue()
          : number.longValue();
    }
    String text = value == null ? "" : value.toString().strip().replace("_", "");
    if (base == 0) {
      // Python's int(text, 0): the prefix says the base.
      String lower = text.toLowerCase(Locale.ROOT);
      base =
          lower.startsWith("0x")
              ? 16
              : lower.startsWith("0o") ? 8 : lower.startsWith("0b") ? 2 : 10;
    }
    try {
      if (base != 10 && text.length() > 2 && text.charAt(0) == '0') {
        String prefix = text.substring(0, 2).toLowerCase(Locale.ROOT);
        if ((base == 16 && prefix.equals("0x"))
            || (base == 8 && prefix.equals("0o"))
            || (base == 2 && prefix.equals("0b"))) {
          text = text.substring(2);
        }
      }
      return Long.parseLong(text, base);
    } catch (NumberFormatException notInteger) {
      // Jinja2's int(float(value)), so that '42.23' and '1e3' are read too.
      Double number = pythonFloat(String.valueOf(value));
      if (number == null || number.isNaN() || number.isInfinite()) {
        return fallback == null ? 0L : fallback;
      }
      return new BigDecimal(number).toBigInteger().longValue();
    }
  }

  /** Jinja2's {@code float(value, default=0.0)}, reading text as Python's {@code float()}. */
  private static Object toFloat(Object value, Object[] args, Map<String, Object> kwargs) {
    Object fallback = FilterArgs.get(args, kwargs, 0, "default");
    Double number = asFloat(value);
    if (number == null) {
      return fallback == null ? 0.0 : fallback;
    }
    return number;
  }

  /** Python's {@code float(value)} of a number, bool or string, or null where it raises. */
  private static Double asFloat(Object value) {
    if (value instanceof Boolean flag) {
      return flag ? 1.0 : 0.0;
    }
    if (value instanceof Number number) {
      return number.doubleValue();
    }
    return value instanceof CharSequence text ? pythonFloat(text.toString()) : null;
  }

  /** Python's {@code float(text)}, or null where it raises ValueError. */
  private static Double pythonFloat(String text) {
    String number = text.strip();
    String word = number.toLowerCase(Locale.ROOT).replaceFirst("^[+-]", "");
    boolean negative = number.startsWith("-");
    if (word.equals("inf") || word.equals("infinity")) {
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (word.equals("nan")) {
      return Double.NaN;
    }
    if (!PYTHON_FLOAT.matcher(number).matches()) {
      return null;
    }
    return Double.parseDouble(number.replace("_", ""));
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

  /** Jinja2's {@code reverse}: a string by code point, a mapping's keys, a list's items. */
  private static Object reverse(Object value) {
    if (value instanceof CharSequence || value instanceof Fragment) {
      // StringBuilder keeps surrogate pairs together, so this reverses code points.
      return new StringBuilder(value.toString()).reverse().toString();
    }
    if (!(value instanceof Map) && !PythonSequences.isList(value)) {
      throw new TemplateFailure(
          "reverse's argument must be iterable, not " + TypeNames.python(value));
    }
    List<Object> items = items(value, "reverse");
    Collections.reverse(items);
    return items;
  }

  /**
   * Jinja2's {@code attr(obj, name)}: an attribute, never an item, so a dict's key is undefined. A
   * group's {@code grouper} and {@code list}, {@code loop}'s and a namespace's attributes are read.
   */
  private static Object attr(Object value, Object[] args, Map<String, Object> kwargs) {
    String name = PythonText.str(FilterArgs.get(args, kwargs, 0, "name"));
    if (value instanceof NamedTuple tuple) {
      return tuple.field(name);
    }
    if ((value instanceof LoopView || value instanceof Namespace)
        && ((Map<?, ?>) value).containsKey(name)) {
      return ((Map<?, ?>) value).get(name);
    }
    return noAttribute(value, name);
  }

  /** Jinja2's undefined attribute: {@code 'dict object' has no attribute 'name'}. */
  private static Undefined noAttribute(Object owner, String name) {
    String type = owner == null ? "None" : TypeNames.python(owner).replace("'", "") + " object";
    return Undefined.because("'" + type + "' has no attribute '" + name + "'");
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
      if (StrictUndefined.isMissing(entry.getValue())) {
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

  /** Jinja2's {@code filesizeformat(value, binary=False)}: {@code 1.5 kB}, {@code 1.0 KiB}. */
  private static Object filesizeformat(Object value, Object[] args, Map<String, Object> kwargs) {
    Double bytes = asFloat(value);
    if (bytes == null) {
      throw new TemplateFailure("filesizeformat needs a number, not " + PythonText.repr(value));
    }
    boolean binary = FilterArgs.boolArg(args, kwargs, 0, "binary", false);
    int base = binary ? 1024 : 1000;
    if (bytes == 1) {
      return "1 Byte";
    }
    if (bytes < base) {
      return new BigDecimal(bytes).toBigInteger() + " Bytes";
    }
    List<String> units = binary ? BINARY_UNITS : DECIMAL_UNITS;
    int index = 0;
    while (index < units.size() - 1 && bytes >= power(base, index + 2)) {
      index++;
    }
    return PythonFormat.apply(base * bytes / power(base, index + 2), ".1f")
        + " "
        + units.get(index);
  }

  /** {@code base ** exponent} as Python's int, rounded once to a float. */
  private static double power(int base, int exponent) {
    return BigInteger.valueOf(base).pow(exponent).doubleValue();
  }

  /** Python's {@code len}: code points of a string, items of a list or mapping. */
  private static Object length(Object value) {
    if (PythonOperators.isText(value)) {
      return PythonText.length(value.toString());
    }
    if (value instanceof Map<?, ?> map) {
      return map.size();
    }
    if (PythonSequences.isList(value)) {
      return PythonSequences.asList(value).size();
    }
    throw new TemplateFailure("object of type " + TypeNames.python(value) + " has no len()");
  }

  /** Jinja2's {@code batch(value, linecount, fill_with=None)}: padded only when asked. */
  private static Object batch(Object value, Object[] args, Map<String, Object> kwargs) {
    int size = FilterArgs.intArg(args, kwargs, 0, "linecount", 0);
    if (size < 1) {
      throw new TemplateFailure("batch needs a line count of at least 1, not " + size);
    }
    Object filler = FilterArgs.get(args, kwargs, 1, "fill_with");
    List<Object> items = items(value, "batch");
    List<Object> batches = new ArrayList<>();
    for (int i = 0; i < items.size(); i += size) {
      List<Object> batch = new ArrayList<>(items.subList(i, Math.min(items.size(), i + size)));
      while (filler != null && batch.size() < size) {
        batch.add(filler);
      }
      batches.add(batch);
    }
    return batches;
  }

  /** Python's {@code list(value)}: a mapping's keys, a string's characters, a list's items. */
  private static List<Object> list(Object value) {
    return items(value, "list");
  }

  /** Jinja2's {@code first} and {@code last}: of a mapping, its first or last key. */
  private static Object end(Object value, boolean first) {
    List<?> items = list(value);
    if (items.isEmpty()) {
      return Undefined.because("No " + (first ? "first" : "last") + " item, sequence was empty.");
    }
    return first ? items.get(0) : items.get(items.size() - 1);
  }

  /** Jinja2's {@code join(value, d='', attribute=None)}: a mapping joins its keys. */
  private static Object join(Object value, Object[] args, Map<String, Object> kwargs) {
    Object separator = FilterArgs.get(args, kwargs, 0, "d");
    Object attribute = FilterArgs.get(args, kwargs, 1, "attribute");
    List<String> parts = new ArrayList<>();
    for (Object item : list(value)) {
      parts.add(PythonText.str(attribute == null ? item : lookup(item, attribute.toString())));
    }
    String glue = separator == null ? "" : separator.toString();
    long size = (long) glue.length() * Math.max(0, parts.size() - 1);
    for (String part : parts) {
      size += part.length();
    }
    TextBudget.refuseLarger("join", size);
    return String.join(glue, parts);
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

  /** The most slices one {@code slice} may make, as jinjava's own limit was. */
  static final int MAX_SLICES = 1_000;

  /** Jinja2's {@code slice(value, slices, fill_with=None)}: columns, the first ones longer. */
  private static Object slice(Object value, Object[] args, Map<String, Object> kwargs) {
    int slices = FilterArgs.intArg(args, kwargs, 0, "slices", 1);
    if (slices < 1 || slices > MAX_SLICES) {
      throw new TemplateFailure("slice makes at most " + MAX_SLICES + " slices, not " + slices);
    }
    Object filler = FilterArgs.get(args, kwargs, 1, "fill_with");
    List<Object> items = items(value, "slice");
    int perSlice = items.size() / slices;
    int withExtra = items.size() % slices;
    List<Object> out = new ArrayList<>();
    int offset = 0;
    for (int i = 0; i < slices; i++) {
      int start = offset + i * perSlice;
      if (i < withExtra) {
        offset++;
      }
      int end = offset + (i + 1) * perSlice;
      List<Object> part = new ArrayList<>(items.subList(start, end));
      if (filler != null && i >= withExtra) {
        part.add(filler);
      }
      out.add(part);
    }
    return out;
  }

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
}
