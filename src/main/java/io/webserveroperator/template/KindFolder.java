package io.webserveroperator.template;

/**
 * What a kind's templates folder holds besides its templates: its {@code tests/} (read by the
 * {@code test} command alone), its {@code schema.yaml} (the source of its CRD) and Markdown notes.
 * None of them is part of a template revision, so an edit of a test is no new revision and
 * reconciles nothing.
 */
public final class KindFolder {

  /** The folder of a kind's template tests, inside its templates folder. */
  public static final String TESTS = "tests";

  /** The simple schema a kind's CRD is generated from, inside its templates folder. */
  public static final String SCHEMA = "schema.yaml";

  private KindFolder() {}

  /** Whether a file, by its path under the kind's folder, is one its templates are made of. */
  public static boolean isTemplateSource(String path) {
    return !path.startsWith(TESTS + "/") && !path.equals(SCHEMA) && !path.endsWith(".md");
  }
}
