package io.webserveroperator.testing;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The misbehaving templates of {@code template/hostile-templates.yaml}: endless loops, recursion,
 * huge output and huge widths, reaches for Java classes, disabled filters, broken YAML, objects
 * outside the resource's namespace.
 */
public final class HostileTemplates {

  /** The file name every case is rendered as; the include-cycle case includes itself by it. */
  public static final String FILE = "zz-hostile.yaml.j2";

  private static final String RESOURCE = "/io/webserveroperator/template/hostile-templates.yaml";

  /**
   * One hostile template.
   *
   * @param name what it tries, also the value of {@code spec.content.case} that selects it
   * @param cause text the render error must contain
   * @param template the template text
   */
  public record Case(String name, String cause, String template) {
    @Override
    public String toString() {
      return name;
    }
  }

  private HostileTemplates() {}

  /** Every case, in file order. */
  public static List<Case> all() {
    try (InputStream in = HostileTemplates.class.getResourceAsStream(RESOURCE)) {
      return new YAMLMapper().readValue(in, new TypeReference<List<Case>>() {});
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
