package io.webserveroperator.template.lib;

import com.hubspot.jinjava.lib.fn.Functions;
import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.output.SourceLines;

/** The output of a macro: template text whose values are already slot tokens. */
public record TemplateFragment(String text) implements Fragment {

  /**
   * Jinja2's {@code super()} in a block: the parent's block as template text, as a macro's output
   * is, where jinjava's returns a string that would print as token characters.
   */
  public static TemplateFragment superBlock() {
    return new TemplateFragment(Functions.renderSuperBlock());
  }

  @Override
  public String emit(PrintedValues slots) {
    return text;
  }

  @Override
  public String toString() {
    return slotsResolved();
  }

  private String slotsResolved() {
    PrintedValues slots = PrintedValues.current();
    String unmarked = SourceLines.unmarked(text);
    return slots == null ? unmarked : slots.resolveText(unmarked);
  }
}
