package io.webserveroperator.template;

import com.hubspot.jinjava.util.ForLoop;
import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a template sees as {@code loop}: Jinja2's loop attributes as a read-only dict over jinjava's
 * loop, plus {@code loop.cycle(...)}. Jinjava's own object would print as its Java class and lets
 * templates call {@code next()} and {@code doBreak()}.
 */
final class LoopView extends AbstractMap<String, Object> {

  private static final List<String> KEYS =
      List.of(
          "index", "index0", "revindex", "revindex0", "first", "last", "length", "depth", "depth0");

  private final ForLoop loop;

  LoopView(ForLoop loop) {
    this.loop = loop;
  }

  /** Jinja2's {@code loop.cycle(a, b, ...)}: the argument at this item's position, in turn. */
  Object cycle(Object... items) {
    if (items == null || items.length == 0) {
      throw new TemplateFailure("loop.cycle() needs at least one value to cycle through");
    }
    return items[loop.getIndex0() % items.length];
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
      case "index" -> loop.getIndex();
      case "index0" -> loop.getIndex0();
      case "revindex" -> loop.getRevindex();
      case "revindex0" -> loop.getRevindex0();
      case "first" -> loop.isFirst();
      case "last" -> loop.isLast();
      case "length" -> loop.getLength();
      case "depth" -> loop.getDepth();
      case "depth0" -> loop.getDepth0();
      default -> null;
    };
  }
}
