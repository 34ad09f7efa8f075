package io.webserveroperator.manifest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256, as every short name the operator derives from content is made. */
public final class ContentHash {

  private ContentHash() {}

  /** A fresh SHA-256 digest. */
  public static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** The first {@code length} hex digits of the SHA-256 of {@code text} (UTF-8). */
  public static String hex(String text, int length) {
    return hex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)), length);
  }

  /** The first {@code length} hex digits of a digest. */
  public static String hex(byte[] digest, int length) {
    return HexFormat.of().formatHex(digest).substring(0, length);
  }
}
