package io.webserveroperator.template.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Python's list and dict methods that templates may call, with Python's semantics: {@code
 * l.index(x)} raises when {@code x} is missing, {@code l.append(x)}, {@code l.extend(xs)}, {@code
 * l.insert(i, x)}, {@code l.remove(x)} and {@code d.update(other)} change the value and return
 * none, {@code l.pop()}, {@code d.pop(k)} and {@code d.setdefault(k, v)} change it and return an
 * item, {@code l.copy()} and {@code d.copy()} make a new one the template may change. Only values
 * the template built can change: the resource's values (spec, metadata, ...) are read-only, since
 * every template file of a render reads them; changing one is an error that says how to build a
 * copy. What a change adds counts toward the item limit of lists and dicts.
 */
public final class PythonCollections {

  /**
   * A method: how many positional arguments it takes, and what it does with them.
   *
   * @param keywords whether it takes keyword arguments too (as {@code d.update(a=1)})
   */
  private record Method<T>(
      int least, int most, boolean keywords, BiFunction<T, Object[], Object> body) {}

  private static final Map<String, Method<List<Object>>> LIST_METHODS =
      Map.of(
          "insert", new Method<>(2, 2, false, PythonCollections::insert),
          "pop", new Method<>(0, 1, false, PythonCollections::pop),
          "remove", new Method<>(1, 1, false, PythonCollections::remove),
          "copy", new Method<List<Object>>(0, 0, false, (l, a) -> new ArrayList<>(l)),
          "index", new Method<>(1, 3, false, PythonCollections::index),
          "count",
              new Method<List<Object>>(
                  1,
                  1,
                  false,
                  (l, a) -> l.stream().filter(x -> PythonOperators.equal(x, a[0])).count()),
          "append",
              new Method<List<Object>>(
                  1, 1, false, (l, a) -> extend(l, Collections.singletonList(a[0]), "append")),
          "extend",
              new Method<List<Object>>(
                  1, 1, false, (l, a) -> extend(l, listArgument(a[0], "list.extend"), "extend")));

  private static final Map<String, Method<Map<Object, Object>>> DICT_METHODS =
      Map.of(
          "update", new Method<>(0, 1, true, PythonCollections::update),
          "setdefault", new Method<>(1, 2, false, PythonCollections::setdefault),
          "pop", new Method<>(1, 2, false, PythonCollections::pop),
          "copy", new Method<Map<Object, Object>>(0, 0, false, (d, a) -> new LinkedHashMap<>(d)));

  private PythonCollections() {}

  public static boolean isListMethod(String name) {
    return LIST_METHODS.containsKey(name);
  }

  public static boolean isDictMethod(String name) {
    return DICT_METHODS.containsKey(name);
  }

  public static Object callList(List<Object> list, String name, Object[] args) {
    return call(list, "list." + name, LIST_METHODS.get(name), args);
  }

  public static Object callDict(Map<Object, Object> dict, String name, Object[] args) {
    return call(dict, "dict." + name, DICT_METHODS.get(name), args);
  }

  private static <T> Object call(T target, String name, Method<T> method, Object[] args) {
    Object[] given = args == null ? new Object[0] : args;
    long positional = 0;
    for (Object arg : given) {
      if (arg instanceof Undefined undefined) {
        throw undefined.failure();
      }
      if (!(arg instanceof NamedParameter)) {
        positional++;
      } else if (!method.keywords()) {
        throw new TemplateFailure(name + "() takes no keyword arguments");
      }
    }
    if (positional < method.least() || positional > method.most()) {
      throw new TemplateFailure(
          name
              + "() takes "
              + (method.least() == method.most()
                  ? "exactly " + method.least()
                  : method.least() + " to " + method.most())
              + " arguments ("
              + positional
              + " given)");
    }
    try {
      return method.body().apply(target, given);
    } catch (UnsupportedOperationException e) {
      throw new TemplateFailure(
          "cannot "
              + name
              + "() on a value of the resource: its values are read-only, shared by every"
              + " template of the render; change a copy: 'spec.ports.copy()' is a new list,"
              + " 'spec.labels.copy()' a new dict");
    }
  }

  /** Python's {@code list.index(x[, start[, stop]])}. */
  private static Object index(List<Object> list, Object[] args) {
    int size = list.size();
    int from = position(args, 1, 0, size);
    int to = position(args, 2, size, size);
    for (int i = from; i < to; i++) {
      if (PythonOperators.equal(list.get(i), args[0])) {
        return (long) i;
      }
    }
    throw new TemplateFailure(PythonText.repr(args[0]) + " is not in list");
  }

  /** A start or stop of {@code index}: counted from the end when negative, within the list. */
  private static int position(Object[] args, int at, int fallback, int size) {
    if (at >= args.length || args[at] == null) {
      return fallback;
    }
    if (!(args[at] instanceof Number number) || args[at] instanceof Double) {
      throw new TemplateFailure(
          "list.index() takes integer positions, not " + TypeNames.python(args[at]));
    }
    long position = number.longValue();
    long from = position < 0 ? position + size : position;
    return (int) Math.max(0, Math.min(size, from));
  }

  /** Python's {@code list.insert(i, x)}: before position i, counted from the end if negative. */
  private static Object insert(List<Object> list, Object[] args) {
    long at = MethodParameters.integer(args[0], 0);
    long from = at < 0 ? Math.max(0, at + list.size()) : Math.min(at, list.size());
    refuseTooMany("list.insert()", list.size() + 1L);
    list.add((int) from, args[1]);
    return null;
  }

  /** Python's {@code list.pop([i])}: removes and returns the last item, or the one at i. */
  private static Object pop(List<Object> list, Object[] args) {
    if (list.isEmpty()) {
      throw new TemplateFailure("pop from empty list");
    }
    long at = MethodParameters.integer(args.length > 0 ? args[0] : null, -1);
    long from = at < 0 ? at + list.size() : at;
    if (from < 0 || from >= list.size()) {
      throw new TemplateFailure("pop index out of range");
    }
    return list.remove((int) from);
  }

  /** Python's {@code list.remove(x)}: the first item equal to x, an error when there is none. */
  private static Object remove(List<Object> list, Object[] args) {
    for (int i = 0; i < list.size(); i++) {
      if (PythonOperators.equal(list.get(i), args[0])) {
        list.remove(i);
        return null;
      }
    }
    throw new TemplateFailure("list.remove(x): x not in list");
  }

  /** Python's {@code dict.setdefault(key[, default])}: the value, set to default if missing. */
  private static Object setdefault(Map<Object, Object> dict, Object[] args) {
    if (dict.containsKey(args[0])) {
      return dict.get(args[0]);
    }
    Object value = args.length > 1 ? args[1] : null;
    refuseTooMany("dict.setdefault()", dict.size() + 1L);
    dict.put(args[0], value);
    return value;
  }

  /**
   * Python's {@code dict.pop(key[, default])}: removes and returns the value; a missing key gives
   * default, or an error without one. Nothing changes then, so the resource's dicts allow it.
   */
  private static Object pop(Map<Object, Object> dict, Object[] args) {
    if (dict.containsKey(args[0])) {
      return dict.remove(args[0]);
    }
    if (args.length > 1) {
      return args[1];
    }
    throw new TemplateFailure("dict.pop(): the dict has no key " + PythonText.repr(args[0]));
  }

  private static Object extend(List<Object> list, List<?> added, String method) {
    refuseTooMany("list." + method + "()", list.size() + (long) added.size());
    list.addAll(added);
    return null;
  }

  /** Python's {@code dict.update([other], **keywords)}: a dict or (key, value) pairs. */
  private static Object update(Map<Object, Object> dict, Object[] args) {
    Map<Object, Object> pairs = new LinkedHashMap<>();
    for (Object arg : args) {
      if (arg instanceof NamedParameter named) {
        pairs.put(named.getName(), named.getValue());
      } else if (arg instanceof Map<?, ?> map) {
        pairs.putAll(map);
      } else {
        for (Object pair : listArgument(arg, "dict.update")) {
          List<?> two = PythonSequences.isList(pair) ? PythonSequences.asList(pair) : List.of();
          if (two.size() != 2) {
            throw new TemplateFailure(
                "dict.update() needs a dict or a list of (key, value) pairs, not "
                    + TypeNames.python(pair));
          }
          pairs.put(two.get(0), two.get(1));
        }
      }
    }
    long added = pairs.keySet().stream().filter(key -> !dict.containsKey(key)).count();
    refuseTooMany("dict.update()", dict.size() + added);
    dict.putAll(pairs);
    return null;
  }

  private static List<?> listArgument(Object value, String method) {
    if (!PythonSequences.isList(value)) {
      throw new TemplateFailure(method + "() needs a list, not " + TypeNames.python(value));
    }
    return PythonSequences.asList(value);
  }

  /** Refuses a list or dict of more items than {@link Limits#MAX_ITEMS}. */
  static void refuseTooMany(String maker, long count) {
    if (count > Limits.MAX_ITEMS) {
      throw new TemplateFailure(
          maker
              + " would make "
              + count
              + " items; lists and dicts hold at most "
              + Limits.MAX_ITEMS);
    }
  }
}
