package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.PythonOperators;
import io.webserveroperator.template.python.PythonPair;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import io.webserveroperator.template.python.Undefined;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Filters over a list's items, a mapping's keys or a string's characters, as Python iterates. */
final class CollectionFilters {

  /** The most slices one {@code slice} may make, as jinjava's own limit was. */
  static final int MAX_SLICES = 1_000;

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
                  "length",
                  "Python's `len`: characters of a string, items of a list or mapping.",
                  (v, a, k) -> length(v))
              .alias("count"),
          FilterSpec.of(
              "list",
              "Python's `list`: a mapping's keys, a string's characters, a list's items.",
              (v, a, k) -> list(v)),
          FilterSpec.of(
              "first",
              "The first item (a mapping's first key); undefined for none.",
              (v, a, k) -> end(v, true)),
          FilterSpec.of(
              "last",
              "The last item (a mapping's last key); undefined for none.",
              (v, a, k) -> end(v, false)),
          FilterSpec.of(
              "reverse",
              "A string backwards, or the items in reverse order.",
              (v, a, k) -> reverse(v)),
          FilterSpec.of(
                  "join",
                  "The items' text (or of `attribute`) joined by `d`.",
                  CollectionFilters::join)
              .takes("d", "attribute"),
          FilterSpec.of(
                  "sum",
                  "The items (or their `attribute`) added up to `start`.",
                  CollectionFilters::sum)
              .takes("attribute", "start"),
          FilterSpec.of(
                  "batch",
                  "The items in lists of `linecount`, the last padded with `fill_with` if given.",
                  CollectionFilters::batch)
              .takes(1, "linecount", "fill_with")
              .limitedBy(SizeLimits::batch),
          FilterSpec.of(
                  "slice",
                  "The items in `slices` columns, the first ones longer, padded with `fill_with`.",
                  CollectionFilters::slice)
              .takes(1, "slices", "fill_with"),
          FilterSpec.of(
                  "items",
                  "A mapping's (key, value) pairs; nothing for a missing value.",
                  CollectionFilters::pairs)
              .seeingUndefined());

  private CollectionFilters() {}

  /** Jinja2's {@code sum(iterable, attribute=None, start=0)}: ints stay exact, floats add up. */
  private static Object sum(Object value, Object[] args, Map<String, Object> kwargs) {
    Object attribute = FilterArgs.get(args, kwargs, 0, "attribute");
    Object start = FilterArgs.get(args, kwargs, 1, "start");
    Object total = start == null ? 0L : start;
    for (Object item : FilterInput.items(value, "sum")) {
      total =
          PythonOperators.add(
              total, attribute == null ? item : FilterInput.lookup(item, attribute.toString()));
    }
    return total;
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
    List<Object> items = FilterInput.items(value, "reverse");
    Collections.reverse(items);
    return items;
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
    List<Object> items = FilterInput.items(value, "batch");
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
    return FilterInput.items(value, "list");
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
      parts.add(
          PythonText.str(
              attribute == null ? item : FilterInput.lookup(item, attribute.toString())));
    }
    String glue = separator == null ? "" : separator.toString();
    long size = (long) glue.length() * Math.max(0, parts.size() - 1);
    for (String part : parts) {
      size += part.length();
    }
    OutputBudget.refuseLarger("join", size);
    return String.join(glue, parts);
  }

  /** Jinja2's {@code slice(value, slices, fill_with=None)}: columns, the first ones longer. */
  private static Object slice(Object value, Object[] args, Map<String, Object> kwargs) {
    int slices = FilterArgs.intArg(args, kwargs, 0, "slices", 1);
    if (slices < 1 || slices > MAX_SLICES) {
      throw new TemplateFailure("slice makes at most " + MAX_SLICES + " slices, not " + slices);
    }
    Object filler = FilterArgs.get(args, kwargs, 1, "fill_with");
    List<Object> items = FilterInput.items(value, "slice");
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

  /** Jinja2's {@code items(value)}: a mapping's (key, value) pairs. */
  private static Object pairs(Object value, Object[] args, Map<String, Object> kwargs) {
    if (value instanceof Undefined) {
      return List.of(); // Jinja2's items, alone among filters, gives nothing for a missing value
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new TemplateFailure("items needs a mapping, not " + TypeNames.python(value));
    }
    List<Object> pairs = new ArrayList<>();
    map.forEach((k, v) -> pairs.add(new PythonPair(k, v)));
    return pairs;
  }
}
