package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.python.TemplateFailure;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/** The engine's filters that encode text for Kubernetes: Base64, a digest, shell quoting. */
final class EncodingFilters {

  private static final Pattern SHELL_SAFE = Pattern.compile("[\\w@%+=:,./-]+");

  static final List<FilterSpec> ALL =
      List.of(
          FilterSpec.of(
              "b64encode",
              "Base64 of the UTF-8 text (for Secrets' `data`).",
              (v, a, k) -> b64encode(FilterInput.text(v))),
          FilterSpec.of(
              "b64decode",
              "The UTF-8 text of Base64.",
              (v, a, k) -> b64decode(FilterInput.text(v))),
          FilterSpec.of(
              "sha256",
              "Hex SHA-256 of the UTF-8 text, e.g. of a spec's `tojson` for a roll-on-change"
                  + " annotation.",
              (v, a, k) -> sha256(FilterInput.text(v))),
          FilterSpec.of(
              "quote",
              "POSIX shell quoting (Python's `shlex.quote`) for command lines.",
              (v, a, k) -> quote(FilterInput.text(v))));

  private EncodingFilters() {}

  private static String b64encode(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String b64decode(String text) {
    try {
      return new String(Base64.getDecoder().decode(text.strip()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new TemplateFailure("b64decode got text that is not base64: " + e.getMessage());
    }
  }

  private static String sha256(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  /** Python's {@code shlex.quote}: safe for a POSIX shell command line. */
  private static String quote(String text) {
    if (text.isEmpty()) {
      return "''";
    }
    if (SHELL_SAFE.matcher(text).matches()) {
      return text;
    }
    return "'" + text.replace("'", "'\"'\"'") + "'";
  }
}
