package io.webserveroperator.template.output;

import io.webserveroperator.template.python.TemplateFailure;

/**
 * What {@code generated_secret(length)} stands for in a render's output: not a value the template
 * can see, change or print beside other text, but a mark that the field it is the whole value of
 * holds a secret made once, outside the render. A render stays repeatable: the field renders as
 * {@link io.webserveroperator.manifest.GeneratedField#PLACEHOLDER}, and the value itself is made or
 * read back when the object is planned.
 *
 * @param length how many letters and digits the secret has
 * @param line the template line of the call, for messages
 */
public record GeneratedSecret(int length, int line) {

  /** The shortest secret one may ask for. */
  public static final int MIN_LENGTH = 8;

  /** The longest secret one may ask for. */
  public static final int MAX_LENGTH = 256;

  public GeneratedSecret {
    if (length < MIN_LENGTH || length > MAX_LENGTH) {
      throw new TemplateFailure(
          "generated_secret("
              + length
              + "): the length must be from "
              + MIN_LENGTH
              + " to "
              + MAX_LENGTH,
          line);
    }
  }

  /** The call as a template writes it. */
  public String describe() {
    return "generated_secret(" + length + ")";
  }

  /** Why it cannot be used as text: every filter, test or {@code ~} that reads it fails here. */
  public TemplateFailure standsAlone() {
    return new TemplateFailure(
        describe()
            + " must be the whole value of a field under a Secret's data or stringData, written"
            + " as {{ "
            + describe()
            + " }}: its value is made outside the render, so no filter, test or text around it"
            + " can see it",
        line);
  }

  /** Text no template may read: filters and {@code ~} that take it as a string fail. */
  @Override
  public String toString() {
    throw standsAlone();
  }
}
