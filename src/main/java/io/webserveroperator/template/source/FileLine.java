package io.webserveroperator.template.source;

/** How every message names a place in the templates, before its reason. */
public final class FileLine {

  private FileLine() {}

  /**
   * {@code file:line: }, {@code file: } when the line is not known (0), or nothing when no one file
   * is at fault (null).
   */
  public static String prefix(String file, int line) {
    if (file == null) {
      return "";
    }
    return line > 0 ? file + ":" + line + ": " : file + ": ";
  }
}
