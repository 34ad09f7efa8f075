package io.webserveroperator.template;

import io.webserveroperator.template.output.MultilineText;
import io.webserveroperator.template.python.LineBreaks;

/**
 * The rule that a value printed within a line of text stays within that line (docs/templates.md,
 * "Files in block scalars"), as code outside the engine states it: lint warns where a CRD lets a
 * field printed so hold a line break.
 */
public final class InlineValueRule {

  /** Every character the engine reads as a line break. */
  public static final String LINE_BREAKS = LineBreaks.CHARACTERS;

  /** A CustomResourceDefinition {@code pattern} that admits no line break. */
  public static final String CRD_PATTERN = LineBreaks.CRD_PATTERN;

  /** The filter that lets a value span lines where it is printed. */
  public static final String MULTILINE_FILTER = MultilineText.FILTER;

  private InlineValueRule() {}
}
