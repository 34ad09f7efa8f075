package io.webserveroperator.template.output;

import io.webserveroperator.template.python.PythonStr;

/**
 * A string that a template lets span lines where it prints it ({@code {{ x | multiline }}}): its
 * line breaks are kept even within a line of text, which {@link InlineValues} otherwise refuses.
 * Anything done to it but printing it makes it a plain string again.
 *
 * @param text the string, the resource's own where it came from the resource
 */
public record MultilineText(String text) implements PythonStr {

  /** The filter that makes one. */
  public static final String FILTER = "multiline";

  @Override
  public String toString() {
    return text;
  }
}
