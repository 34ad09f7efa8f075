package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import io.webserveroperator.template.python.PythonCallable;
import io.webserveroperator.template.python.PythonOperators;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a template sees as {@code loop}: Jinja2's loop attributes as a read-only dict, moved along
 * the items by {@link JinjaForTag}, with {@code loop.previtem}, {@code loop.nextitem} (undefined at
 * either end), {@code loop.changed(...)} and {@code loop.cycle(...)}.
 */
public final class LoopView extends AbstractMap<String, Object> {

  /** The attributes a printed {@code loop} shows. */
  private static final List<String> KEYS =
      List.of(
          "index", "index0", "revindex", "revindex0", "first", "last", "length", "depth", "depth0");

  private final List<?> items;
  private final int depth0;
  private PythonCallable changedFunction; // made on first use: most loops never call it
  private int index0;
  private List<Object> lastChanged;

  /** A loop over {@code items}, nested {@code depth0} levels deep in a recursive loop. */
  LoopView(List<?> items, int depth0) {
    this.items = items;
    this.depth0 = depth0;
  }

  /** Makes the item at {@code index0} the current one. */
  void moveTo(int index0) {
    this.index0 = index0;
  }

  /** Jinja2's {@code loop.cycle(a, b, ...)}: the argument at this item's position, in turn. */
  public Object cycle(Object... values) {
    if (values == null || values.length == 0) {
      throw new TemplateFailure("loop.cycle() needs at least one value to cycle through");
    }
    return values[index0 % values.length];
  }

  /** Jinja2's {@code loop.changed(*values)}: whether the values differ from the last call's. */
  private boolean changed(List<Object> values) {
    if (lastChanged != null && PythonOperators.equal(values, lastChanged)) {
      return false;
    }
    lastChanged = values;
    return true;
  }

  @Override
  public Object get(Object key) {
    return key instanceof String name ? attribute(name) : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return KEYS.contains(key);
  }

  @Override
  public Set<Map.Entry<String, Object>> entrySet() {
    Map<String, Object> attributes = new LinkedHashMap<>();
    KEYS.forEach(key -> attributes.put(key, attribute(key)));
    return attributes.entrySet();
  }

  private Object attribute(String name) {
    return switch (name) {
      case "index" -> index0 + 1;
      case "index0" -> index0;
      case "revindex" -> items.size() - index0;
      case "revindex0" -> items.size() - index0 - 1;
      case "first" -> index0 == 0;
      case "last" -> index0 == items.size() - 1;
      case "length" -> items.size();
      case "depth" -> depth0 + 1;
      case "depth0" -> depth0;
      case "previtem" ->
          index0 > 0 ? item(index0 - 1) : Undefined.because("there is no previous item");
      case "nextitem" ->
          index0 + 1 < items.size() ? item(index0 + 1) : Undefined.because("there is no next item");
      case "changed" -> changedFunction();
      default -> null;
    };
  }

  private PythonCallable changedFunction() {
    if (changedFunction == null) {
      changedFunction = new PythonCallable("changed", this::changed);
    }
    return changedFunction;
  }

  private Object item(int index) {
    return JinjavaInterpreter.getCurrent().wrap(items.get(index));
  }
}
