package io.webserveroperator.template.python;

/**
 * A value Python reads as a {@code str} though Java does not hold it as a CharSequence: text the
 * engine made (a macro's output, {@code to_yaml}), which knows more than its characters. Its {@link
 * #toString} is the text every string operation sees.
 */
public interface PythonStr {

  @Override
  String toString();
}
