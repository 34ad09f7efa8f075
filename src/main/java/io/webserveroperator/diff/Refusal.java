package io.webserveroperator.diff;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The API server's refusal of one write, as the Status of its answer says it: the HTTP code, the
 * reason ({@code Invalid}, {@code Forbidden}), the message, and the causes, one per field, each
 * with its type ({@code FieldValueInvalid}, {@code FieldValueForbidden}, ...), the field's path and
 * what is wrong with it. Read from the answer rather than from one wording, so that the operator
 * can tell a field that cannot change from an object that is wrong.
 *
 * @param code the HTTP status code; 0 when there was no answer
 * @param reason the Status reason, or empty
 * @param message the Status message, or the client's when there was no Status
 * @param causes the Status details' causes, in the order given
 */
public record Refusal(int code, String reason, String message, List<Cause> causes) {

  /** The cause types that say a field's value is refused, rather than missing or malformed. */
  private static final Set<String> FIELD_VALUE_REFUSED =
      Set.of("FieldValueInvalid", "FieldValueForbidden");

  /** Values the API server prints longer than this are left out of a sentence for people. */
  private static final int LONGEST_VALUE = 80;

  private static final String INVALID = "Invalid value: ";

  public Refusal {
    reason = reason == null ? "" : reason;
    message = message == null ? "" : message;
    causes = List.copyOf(causes);
  }

  /** A failure without an answer of the API server. */
  public static Refusal noAnswer(String message) {
    return new Refusal(0, "", message, List.of());
  }

  /**
   * One cause of a refusal.
   *
   * @param type {@code FieldValueInvalid}, {@code FieldValueForbidden}, {@code FieldValueRequired}
   *     ...
   * @param field the field's path as the API server writes it: {@code spec.clusterIPs[0]}
   * @param message what is wrong, as the API server words it: {@code Invalid value: VALUE: DETAIL},
   *     {@code Forbidden: DETAIL}
   */
  public record Cause(String type, String field, String message) {

    public Cause {
      type = type == null ? "" : type;
      field = field == null ? "" : field;
      message = message == null ? "" : message;
    }

    /**
     * The cause for people: its message with a printed value the API server dumps whole (a Job's
     * pod template is kilobytes) cut out: {@code Invalid value: field is immutable}.
     */
    public String readable() {
      if (!message.startsWith(INVALID) || message.length() <= INVALID.length() + LONGEST_VALUE) {
        return message;
      }
      String detail = detail();
      return detail.isEmpty() ? "Invalid value" : "Invalid value: " + detail;
    }

    /**
     * What the API server says of the field, without the value it printed: {@code field is
     * immutable}, {@code updates to statefulset spec for fields other than ... are forbidden};
     * empty when it says nothing beyond the type.
     */
    public String detail() {
      if (message.startsWith(INVALID)) {
        // The API server prints the value, then ": " and the detail; a printed value is compact
        // JSON, which holds no ": ".
        int detail = message.lastIndexOf(": ");
        return detail < INVALID.length() ? "" : message.substring(detail + 2);
      }
      int colon = message.indexOf(": ");
      return colon < 0 ? "" : message.substring(colon + 2);
    }

    /** The field as a JSON pointer: {@code spec.clusterIPs[0]} is {@code /spec/clusterIPs/0}. */
    public String pointer() {
      return field.isEmpty()
          ? ""
          : "/" + field.replaceAll("\\[(\\d+)]", ".$1").replace("~", "~0").replace('.', '/');
    }
  }

  /**
   * Whether the API server refused the values of fields: 422 Invalid, every cause a refused value
   * ({@code FieldValueInvalid} or {@code FieldValueForbidden}). Those of fields that cannot change
   * are among them; which they are, only a create of the same object tells ({@link
   * Planner#refused}).
   */
  public boolean refusesFieldValues() {
    return code == 422
        && !causes.isEmpty()
        && causes.stream().allMatch(cause -> FIELD_VALUE_REFUSED.contains(cause.type()));
  }

  /** Whether the API server found the object itself wrong: 422 Invalid or 400 Bad Request. */
  public boolean isInvalid() {
    return code == 422 || code == 400;
  }

  /**
   * What the API server said, for people: {@code field: cause} for each cause, values too long to
   * read left out; the message when it gave no causes.
   */
  public String readable() {
    if (causes.isEmpty()) {
      return message;
    }
    return causes.stream()
        .map(
            cause ->
                cause.field().isEmpty()
                    ? cause.readable()
                    : cause.field() + ": " + cause.readable())
        .collect(Collectors.joining("; "));
  }

  /** The fields the causes name, in order, each once. */
  public List<String> fields() {
    return causes.stream().map(Cause::field).filter(f -> !f.isEmpty()).distinct().toList();
  }

  @Override
  public String toString() {
    return code + " " + reason + ": " + readable();
  }
}
