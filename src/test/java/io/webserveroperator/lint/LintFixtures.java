package io.webserveroperator.lint;

import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.TemplateFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Lint runs over the project's files, the fixtures of this package, or an edited copy. */
final class LintFixtures {

  static final Path FIXTURES = Project.file("src/test/resources/io/webserveroperator/lint");

  private LintFixtures() {}

  /** Lints {@code templates} with the project's CRDs, samples, deploy/ and schemas/. */
  static List<Finding> lintWithProjectFiles(Path templates) {
    return lintResultWithProjectFiles(templates).findings();
  }

  /** Lint of {@code templates} with the project's CRDs, samples, deploy/ and schemas. */
  static LintResult lintResultWithProjectFiles(Path templates) {
    return Lint.run(
        new LintInput(
            templates, Project.file("crds"), Project.file("samples"), Project.file("deploy")),
        OpenApiSchemas.folder(Project.file("schemas")));
  }

  static List<Finding> lint(Path templates, Path crds, Path samples, Path deploy) {
    return Lint.run(
            new LintInput(templates, crds, samples, deploy),
            OpenApiSchemas.folder(Project.file("schemas")))
        .findings();
  }

  /** The varied correct project of {@code varied/}. */
  static LintResult lintVaried() {
    Path varied = FIXTURES.resolve("varied");
    return Lint.run(
        new LintInput(
            varied.resolve("templates"),
            varied.resolve("crds"),
            varied.resolve("samples"),
            varied.resolve("deploy")),
        OpenApiSchemas.folder(Project.file("schemas")));
  }

  /** A copy of the project's templates in {@code dir}, with {@code old} replaced in one file. */
  static Path editedTemplates(Path dir, String file, String old, String replacement) {
    Path templates = TemplateFolder.copyInto(dir.resolve("templates"));
    edit(templates.resolve(file), old, replacement);
    return templates;
  }

  static void edit(Path file, String old, String replacement) {
    try {
      String text = Files.readString(file);
      if (!text.contains(old)) {
        throw new IllegalArgumentException(file + " does not contain " + old);
      }
      Files.writeString(file, text.replace(old, replacement));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Finding> errors(List<Finding> findings) {
    return findings.stream().filter(f -> f.level() == Finding.Level.ERROR).toList();
  }
}
