package io.webserveroperator.manifest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * When one object is applied, as its template writes it in annotations on the rendered object: its
 * wave, the siblings it waits for, the hooks it runs as, and the object it replaces (see
 * docs/annotations.md, "Order: waves, depends-on and hooks").
 *
 * @param wave {@code wave}: lower waves are applied and ready first; 0 when not given
 * @param dependsOn {@code depends-on}: siblings that must be ready before it is applied
 * @param hooks {@code hook}: the moments it runs at, as a run of its own; empty for an ordinary
 *     object
 * @param deletePolicies {@code hook-delete-policy}: when a hook's run objects are deleted
 * @param hookTimeout {@code hook-timeout}: how long a hook may take to be ready
 * @param replaces {@code replaces}: an object of another kind it takes the place of, deleted before
 *     it is applied
 */
public record Ordering(
    int wave,
    List<Sibling> dependsOn,
    Set<Hook> hooks,
    Set<DeletePolicy> deletePolicies,
    Duration hookTimeout,
    Optional<Sibling> replaces) {

  public static final String WAVE = Lifecycle.PREFIX + "wave";
  public static final String DEPENDS_ON = Lifecycle.PREFIX + "depends-on";
  public static final String HOOK = Lifecycle.PREFIX + "hook";
  public static final String HOOK_DELETE_POLICY = Lifecycle.PREFIX + "hook-delete-policy";
  public static final String HOOK_TIMEOUT = Lifecycle.PREFIX + "hook-timeout";
  public static final String REPLACES = Lifecycle.PREFIX + "replaces";

  /** Every order annotation a template may write. */
  public static final List<String> ANNOTATIONS =
      List.of(WAVE, DEPENDS_ON, HOOK, HOOK_DELETE_POLICY, HOOK_TIMEOUT, REPLACES);

  /** Helm's default: a hook may take ten minutes. */
  public static final Duration DEFAULT_HOOK_TIMEOUT = Duration.ofMinutes(10);

  private static final Ordering DEFAULT =
      new Ordering(
          0,
          List.of(),
          Set.of(),
          Set.of(DeletePolicy.BEFORE_HOOK_CREATION),
          DEFAULT_HOOK_TIMEOUT,
          Optional.empty());

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,9}");
  private static final Pattern SIBLING =
      Pattern.compile("(?:([a-z0-9.-]+)/)?([A-Z][A-Za-z0-9]*)/([a-z0-9]([-a-z0-9.]*[a-z0-9])?)");
  private static final Pattern GO_DURATION =
      Pattern.compile("(?:([0-9]+)h)?(?:([0-9]+)m)?(?:([0-9]+)s)?");

  public Ordering {
    dependsOn = List.copyOf(dependsOn);
    hooks = hooks.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(hooks));
    deletePolicies = Set.copyOf(deletePolicies);
    Objects.requireNonNull(hookTimeout, "hookTimeout");
    Objects.requireNonNull(replaces, "replaces");
  }

  /** The moments a hook runs at, with Helm's names. */
  public enum Hook {
    PRE_INSTALL,
    POST_INSTALL,
    PRE_UPGRADE,
    POST_UPGRADE,
    PRE_DELETE,
    POST_DELETE;

    /** {@code pre-install}, as templates write it. */
    public String text() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Optional<Hook> of(String text) {
      return Arrays.stream(values()).filter(hook -> hook.text().equals(text)).findFirst();
    }
  }

  /** When a hook's run objects are deleted, with Helm's names. */
  public enum DeletePolicy {
    /** The previous run is deleted when a new one starts (the default). */
    BEFORE_HOOK_CREATION,
    /** A run is deleted once it has succeeded. */
    HOOK_SUCCEEDED,
    /** A run is deleted once it has failed. */
    HOOK_FAILED;

    public String text() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Optional<DeletePolicy> of(String text) {
      return Arrays.stream(values()).filter(policy -> policy.text().equals(text)).findFirst();
    }
  }

  /**
   * A sibling named by {@code Kind/name}, or {@code group/Kind/name} where the kind is ambiguous.
   *
   * @param group the API group, or null when not given (any group matches)
   */
  public record Sibling(String group, String kind, String name) {

    /** Whether {@code ref} is this sibling. */
    public boolean matches(ObjectRef ref) {
      return ref.kind().equals(kind)
          && ref.name().equals(name)
          && (group == null || group.equals(ref.group()));
    }

    @Override
    public String toString() {
      return (group == null ? "" : group + "/") + kind + "/" + name;
    }
  }

  /** An object with no order annotations: wave 0, no hook, waits for nobody. */
  public static Ordering none() {
    return DEFAULT;
  }

  /** Whether the object runs as a hook rather than being applied as one of the resource's. */
  public boolean isHook() {
    return !hooks.isEmpty();
  }

  /**
   * The ordering the object's annotations ask for. Lenient, as {@link Lifecycle#of} is: a value
   * that does not parse counts as absent, since a live object may carry anything; rendered objects
   * are checked with {@link #problem} first.
   */
  public static Ordering of(Map<String, Object> object) {
    Map<String, Object> annotations = UntypedMaps.getMapOrEmpty(object, "metadata", "annotations");
    if (ANNOTATIONS.stream().noneMatch(annotations::containsKey)) {
      return DEFAULT;
    }
    Parsed parsed = parse(annotations);
    return parsed.ordering();
  }

  /**
   * Why an order annotation of a rendered object cannot be obeyed: a wave that is no integer, a
   * sibling not written as {@code Kind/name}, a hook or delete policy Helm does not name, a timeout
   * that is no duration, a hook that also replaces or waits for a sibling.
   *
   * @return the annotation and a sentence; empty when all is well
   */
  public static Optional<Lifecycle.Problem> problem(Map<String, Object> object) {
    Map<String, Object> annotations = UntypedMaps.getMapOrEmpty(object, "metadata", "annotations");
    if (ANNOTATIONS.stream().noneMatch(annotations::containsKey)) {
      return Optional.empty();
    }
    return parse(annotations).problem();
  }

  /** The ordering, and the first problem met reading it. */
  private record Parsed(Ordering ordering, Optional<Lifecycle.Problem> problem) {}

  private static Parsed parse(Map<String, Object> annotations) {
    List<Lifecycle.Problem> problems = new ArrayList<>();
    int wave = 0;
    Object waveText = annotations.get(WAVE);
    if (waveText != null) {
      if (waveText instanceof String text && INTEGER.matcher(text.strip()).matches()) {
        wave = Integer.parseInt(text.strip());
      } else {
        problems.add(
            problem(
                WAVE,
                "annotation "
                    + WAVE
                    + " is '"
                    + waveText
                    + "'; a wave is an integer written as a string (\"-1\", \"0\", \"2\")"));
      }
    }
    List<Sibling> dependsOn = siblings(annotations, DEPENDS_ON, problems);
    List<Sibling> replaced = siblings(annotations, REPLACES, problems);
    Set<Hook> hooks = EnumSet.noneOf(Hook.class);
    for (String name : list(annotations.get(HOOK))) {
      Hook.of(name)
          .ifPresentOrElse(
              hooks::add,
              () ->
                  problems.add(
                      problem(
                          HOOK,
                          "annotation "
                              + HOOK
                              + " names '"
                              + name
                              + "', which is no hook; the hooks are "
                              + names(Hook.values(), Hook::text))));
    }
    Set<DeletePolicy> policies = EnumSet.noneOf(DeletePolicy.class);
    for (String name : list(annotations.get(HOOK_DELETE_POLICY))) {
      DeletePolicy.of(name)
          .ifPresentOrElse(
              policies::add,
              () ->
                  problems.add(
                      problem(
                          HOOK_DELETE_POLICY,
                          "annotation "
                              + HOOK_DELETE_POLICY
                              + " names '"
                              + name
                              + "'; the policies are "
                              + names(DeletePolicy.values(), DeletePolicy::text))));
    }
    if (policies.isEmpty()) {
      policies.add(DeletePolicy.BEFORE_HOOK_CREATION);
    }
    Duration timeout = DEFAULT_HOOK_TIMEOUT;
    Object timeoutText = annotations.get(HOOK_TIMEOUT);
    if (timeoutText != null) {
      Optional<Duration> parsed = duration(String.valueOf(timeoutText));
      if (parsed.isPresent()) {
        timeout = parsed.get();
      } else {
        problems.add(
            problem(
                HOOK_TIMEOUT,
                "annotation "
                    + HOOK_TIMEOUT
                    + " is '"
                    + timeoutText
                    + "'; write a duration such as 90s, 10m or 1h30m"));
      }
    }
    if (replaced.size() > 1) {
      problems.add(problem(REPLACES, "annotation " + REPLACES + " names one object, not several"));
    }
    if (!hooks.isEmpty() && (annotations.containsKey(DEPENDS_ON) || !replaced.isEmpty())) {
      problems.add(
          problem(
              annotations.containsKey(DEPENDS_ON) ? DEPENDS_ON : REPLACES,
              "a hook runs at its moment, ordered among hooks by its wave; it neither waits for"
                  + " siblings nor replaces one: drop "
                  + (annotations.containsKey(DEPENDS_ON) ? DEPENDS_ON : REPLACES)
                  + " or "
                  + HOOK));
    }
    if (hooks.isEmpty()
        && (annotations.containsKey(HOOK_DELETE_POLICY) || annotations.containsKey(HOOK_TIMEOUT))) {
      problems.add(
          problem(
              annotations.containsKey(HOOK_TIMEOUT) ? HOOK_TIMEOUT : HOOK_DELETE_POLICY,
              "annotations "
                  + HOOK_DELETE_POLICY
                  + " and "
                  + HOOK_TIMEOUT
                  + " are for hooks; this object has no "
                  + HOOK
                  + " annotation"));
    }
    Ordering ordering =
        new Ordering(
            wave,
            dependsOn,
            hooks,
            policies,
            timeout,
            replaced.isEmpty() ? Optional.empty() : Optional.of(replaced.get(0)));
    return new Parsed(ordering, problems.stream().findFirst());
  }

  private static List<Sibling> siblings(
      Map<String, Object> annotations, String key, List<Lifecycle.Problem> problems) {
    List<Sibling> siblings = new ArrayList<>();
    for (String item : list(annotations.get(key))) {
      Matcher matcher = SIBLING.matcher(item);
      if (matcher.matches()) {
        siblings.add(new Sibling(matcher.group(1), matcher.group(2), matcher.group(3)));
      } else {
        problems.add(
            problem(
                key,
                "annotation "
                    + key
                    + " names '"
                    + item
                    + "'; name a sibling as Kind/name (StatefulSet/orders), or group/Kind/name"
                    + " where the kind is ambiguous"));
      }
    }
    return siblings;
  }

  /** The comma-separated items of an annotation value, blanks dropped. */
  private static List<String> list(Object value) {
    if (value == null) {
      return List.of();
    }
    return Arrays.stream(String.valueOf(value).split(","))
        .map(String::strip)
        .filter(item -> !item.isEmpty())
        .toList();
  }

  /** A Go duration of hours, minutes and seconds ({@code 10m}, {@code 1h30m}, {@code 90s}). */
  static Optional<Duration> duration(String text) {
    Matcher matcher = GO_DURATION.matcher(text.strip());
    if (text.isBlank() || !matcher.matches()) {
      return Optional.empty();
    }
    long seconds = 0;
    long[] units = {3600, 60, 1};
    for (int group = 1; group <= 3; group++) {
      if (matcher.group(group) != null) {
        seconds += Long.parseLong(matcher.group(group)) * units[group - 1];
      }
    }
    return seconds > 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
  }

  private static <T> String names(T[] values, java.util.function.Function<T, String> text) {
    return Arrays.stream(values).map(text).collect(Collectors.joining(", "));
  }

  private static Lifecycle.Problem problem(String annotation, String message) {
    return new Lifecycle.Problem(annotation, message + " (docs/annotations.md)");
  }

  /** The annotations of {@code object} that this record reads, for display. */
  public static Map<String, String> annotations(Map<String, Object> object) {
    Map<String, Object> annotations = UntypedMaps.getMapOrEmpty(object, "metadata", "annotations");
    Map<String, String> found = new LinkedHashMap<>();
    ANNOTATIONS.forEach(
        key -> {
          if (annotations.containsKey(key)) {
            found.put(key, String.valueOf(annotations.get(key)));
          }
        });
    return found;
  }
}
