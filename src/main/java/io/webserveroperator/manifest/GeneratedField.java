package io.webserveroperator.manifest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A field of a rendered Secret that {@code generated_secret(length)} stands in: a value of random
 * letters and digits made the first time the field is applied, and from then on applied at its live
 * value (read from the stored {@code data}, where the API server keeps {@code stringData} too), so
 * that resyncs, restarts, template edits, adoption and keep never change it. Deleting the Secret,
 * or the key, makes a new one. Until it is planned, the rendered field holds {@link #PLACEHOLDER},
 * which is also how every command shows it.
 *
 * @param pointer {@code /data/KEY} or {@code /stringData/KEY}
 * @param length how many letters and digits a new value has
 */
public record GeneratedField(JsonPointer pointer, int length) {

  /** What a generated field renders as, and how every command shows it. */
  public static final String PLACEHOLDER = "(generated)";

  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final SecureRandom RANDOM = new SecureRandom();

  public GeneratedField {
    Objects.requireNonNull(pointer, "pointer");
    if (pointer.segments().size() != 2 || !isValueField(pointer.segments().get(0))) {
      throw new IllegalArgumentException(
          pointer + " is not a key of a Secret's data or stringData");
    }
  }

  /** Whether {@code field} is one of a Secret's fields that hold its values. */
  public static boolean isValueField(String field) {
    return field.equals("data") || field.equals("stringData");
  }

  /** The Secret's key. */
  public String key() {
    return pointer.segments().get(1);
  }

  /** Whether the field is under {@code data}, which holds base64. */
  public boolean encoded() {
    return pointer.segments().get(0).equals("data");
  }

  /** {@link #PLACEHOLDER} as the field writes it: base64-encoded under {@code data}. */
  public String placeholder() {
    return encoded() ? encode(PLACEHOLDER) : PLACEHOLDER;
  }

  /**
   * Sets the field in {@code body} (mutated) to the live Secret's value, or, when it has none for
   * the key (a new Secret, or a key deleted), to a new random value, unless it was given one
   * already.
   *
   * @param live the live Secret, or null when there is none
   */
  public void settle(Map<String, Object> body, Map<String, Object> live) {
    Object stored = live == null ? null : JsonPointer.of("data", key()).get(live).orElse(null);
    if (!(stored instanceof String base64)) {
      // Made once: a field settled already keeps the value it was given.
      if (placeholder().equals(pointer.get(body).orElse(null))) {
        pointer.set(body, encoded() ? encode(newValue()) : newValue());
      }
      return;
    }
    Optional<String> text = encoded() ? Optional.of(base64) : decode(base64);
    if (text.isPresent()) {
      pointer.set(body, text.get());
    } else {
      // Bytes that are no UTF-8 text cannot be written back as stringData: keep them as data.
      pointer.remove(body);
      JsonPointer.of("data", key()).set(body, base64);
    }
  }

  private String newValue() {
    StringBuilder value = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      value.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return value.toString();
  }

  private static String encode(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static Optional<String> decode(String base64) {
    try {
      byte[] bytes = Base64.getDecoder().decode(base64);
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString());
    } catch (IllegalArgumentException | CharacterCodingException e) {
      return Optional.empty();
    }
  }
}
