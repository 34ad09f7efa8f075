package io.webserveroperator.template.output;

/**
 * A value serialized as YAML or JSON by {@code to_yaml}, {@code to_json} or {@code tojson}. The
 * serializer, not the data, decides the structure; strings inside stay values.
 *
 * @param value plain maps, lists and scalars
 * @param format how to serialize it
 * @param indent JSON's indentation per level, or null for JSON on one line
 */
public record SerializedFragment(Object value, SerialFormat format, String indent)
    implements Fragment {

  @Override
  public String emit(PrintedValues slots) {
    return format.write(value, indent, slots);
  }

  @Override
  public String toString() {
    return format.write(value, indent, null);
  }
}
