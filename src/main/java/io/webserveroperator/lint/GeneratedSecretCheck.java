package io.webserveroperator.lint;

import io.webserveroperator.manifest.GeneratedField;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code generated_secret(length)} is allowed only as the value of a key under a Secret's {@code
 * data} or {@code stringData}: one written as any other key's value in a top-level template is an
 * error at its line, read from the template text so that a branch no sample takes is read too. One
 * that a macro or a {@code set} writes is checked when a sample or test case renders it ({@link
 * RenderCheck}).
 */
final class GeneratedSecretCheck {

  private static final String CALL = "generated_secret(";

  private GeneratedSecretCheck() {}

  static List<Finding> check(KindSources sources) {
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<Path, String> file : sources.rendered().entrySet()) {
      if (file.getValue().contains(CALL)) {
        findings.addAll(check(file.getKey().toString(), file.getValue()));
      }
    }
    return findings;
  }

  /** The findings of one template's text. */
  static List<Finding> check(String file, String template) {
    List<TemplateKeys.Key> keys = TemplateKeys.of(template);
    Set<Integer> secrets = new HashSet<>();
    for (TemplateKeys.Key key : keys) {
      if (key.path().equals(List.of("kind")) && key.value().equals("Secret")) {
        secrets.add(key.document());
      }
    }
    List<Finding> findings = new ArrayList<>();
    for (TemplateKeys.Key key : keys) {
      if (!key.value().contains(CALL)) {
        continue;
      }
      boolean value =
          secrets.contains(key.document())
              && key.path().size() == 2
              && GeneratedField.isValueField(key.path().get(0));
      if (!value) {
        findings.add(
            Finding.error(
                file,
                key.line(),
                "generated_secret() stands at "
                    + String.join(".", key.path())
                    + "; it is allowed only as the value of a key under a Secret's data or"
                    + " stringData, so the render fails here"));
      }
    }
    return findings;
  }
}
