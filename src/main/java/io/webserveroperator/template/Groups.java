package io.webserveroperator.template;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Jinja2's {@code groupby(attribute, default=None, case_sensitive=False)}: the items sorted by the
 * attribute, then one {@link Group} per value. Jinjava's own returns Java objects that templates
 * cannot read and that print as their class name.
 */
final class Groups {

  private Groups() {}

  static List<Group> groupby(Object value, Object[] args, Map<String, Object> kwargs) {
    Object attribute = args.length > 0 ? args[0] : kwargs.get("attribute");
    if (attribute == null) {
      throw new TemplateFailure("groupby needs the attribute to group by");
    }
    if (!TextFormat.isList(value)) {
      throw new TemplateFailure("groupby needs a list, not " + TypeNames.of(value));
    }
    Object fallback = args.length > 1 ? args[1] : kwargs.get("default");
    boolean caseSensitive =
        Filters.truthy(args.length > 2 ? args[2] : kwargs.get("case_sensitive"));
    String path = attribute.toString();
    List<Object> items = new ArrayList<>(TextFormat.asList(value));
    items.sort(
        (a, b) ->
            Items.ORDER.compare(
                Items.key(Items.attribute(a, path, fallback, "groupby"), caseSensitive),
                Items.key(Items.attribute(b, path, fallback, "groupby"), caseSensitive)));
    List<Group> groups = new ArrayList<>();
    Object current = null;
    for (Object item : items) {
      Object grouper = Items.attribute(item, path, fallback, "groupby");
      Object key = Items.key(grouper, caseSensitive);
      if (groups.isEmpty() || Items.ORDER.compare(current, key) != 0) {
        // Jinja2 names each group by its first item's own value, whatever its case.
        groups.add(new Group(grouper, new ArrayList<>()));
        current = key;
      }
      groups.get(groups.size() - 1).list().add(item);
    }
    return groups;
  }

  /**
   * One group: Python's {@code (grouper, list)} pair, so that {@code for key, items in ...} unpacks
   * it, and whose {@code grouper} and {@code list} attributes {@link SandboxResolver} reads.
   */
  static final class Group extends AbstractList<Object> {

    private final Object grouper;
    private final List<Object> list;

    Group(Object grouper, List<Object> list) {
      this.grouper = grouper;
      this.list = list;
    }

    Object grouper() {
      return grouper;
    }

    List<Object> list() {
      return list;
    }

    @Override
    public Object get(int index) {
      return switch (index) {
        case 0 -> grouper;
        case 1 -> list;
        default -> throw new IndexOutOfBoundsException(index);
      };
    }

    @Override
    public int size() {
      return 2;
    }
  }
}
