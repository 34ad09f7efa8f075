package io.webserveroperator.bench.edit;

import io.webserveroperator.bench.BenchException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The edit the template-edit phase makes to a Deployment template so that every Deployment it
 * renders changes its pod template, as a real template change would roll every pod: an environment
 * variable {@value #VARIABLE} on the first container, whose value is the edit's number. The first
 * edit adds it after the container's {@code image:} line; later edits change its value. Pure text:
 * the template is not parsed.
 */
public final class TemplateEdit {

  /** The environment variable the edit adds and changes. */
  static final String VARIABLE = "BENCH_TEMPLATE_EDIT";

  private static final Pattern IMAGE = Pattern.compile("(?m)^( *)image: .*$");
  private static final Pattern VALUE =
      Pattern.compile("(- name: " + VARIABLE + "\\n *value: )\"\\d+\"");

  private TemplateEdit() {}

  /**
   * The Deployment template {@code text} with {@value #VARIABLE} set to {@code number}.
   *
   * @throws BenchException when the text has no {@code image:} line to add the variable after
   */
  static String apply(String text, int number) {
    Matcher value = VALUE.matcher(text);
    if (value.find()) {
      return value.replaceFirst(Matcher.quoteReplacement(value.group(1) + quoted(number)));
    }
    Matcher image = IMAGE.matcher(text);
    if (!image.find()) {
      throw new BenchException(
          "The Deployment template has no 'image:' line after which the benchmark could add the"
              + " environment variable "
              + VARIABLE
              + "; run the template-edit phase with this repository's templates.");
    }
    String indent = image.group(1);
    String variable =
        "\n"
            + indent
            + "env:\n"
            + indent
            + "  - name: "
            + VARIABLE
            + "\n"
            + indent
            + "    value: "
            + quoted(number);
    return text.substring(0, image.end()) + variable + text.substring(image.end());
  }

  private static String quoted(int number) {
    return "\"" + number + "\"";
  }
}
