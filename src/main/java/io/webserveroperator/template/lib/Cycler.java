package io.webserveroperator.template.lib;

import io.webserveroperator.template.python.PythonCallable;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jinja2's {@code cycler(a, b, ...)}: {@code c.next()} returns the current item and moves to the
 * next, in turn; {@code c.current} is the item {@code next()} returns next; {@code c.reset()} goes
 * back to the first. A read-only dict, so that templates may read and call its entries only.
 */
final class Cycler extends AbstractMap<String, Object> {

  private final List<Object> items;
  private final PythonCallable next = new PythonCallable("next", arguments -> next());
  private final PythonCallable reset = new PythonCallable("reset", arguments -> reset());
  private int position;

  Cycler(List<Object> items) {
    if (items.isEmpty()) {
      throw new TemplateFailure("cycler() needs at least one item to cycle through");
    }
    this.items = items;
  }

  private Object next() {
    Object current = items.get(position);
    position = (position + 1) % items.size();
    return current;
  }

  private Object reset() {
    position = 0;
    return null;
  }

  @Override
  public Object get(Object key) {
    return switch (String.valueOf(key)) {
      case "current" -> items.get(position);
      case "pos" -> position;
      case "next" -> next;
      case "reset" -> reset;
      default -> null;
    };
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public Set<Map.Entry<String, Object>> entrySet() {
    return Map.<String, Object>of("current", items.get(position), "pos", position).entrySet();
  }
}
