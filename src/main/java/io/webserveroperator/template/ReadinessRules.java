package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import io.webserveroperator.template.engine.RenderErrors;
import io.webserveroperator.template.source.TemplateLoadException;
import io.webserveroperator.template.watches.ReadinessRule;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The readiness rules of one kind ({@code readiness} in its {@code watches.yaml} entry), compiled
 * when its templates load: each judges the live children of one group and kind with Jinja
 * expressions over {@code object}, the child as plain maps ({@code object.status} an empty map
 * while the child has none yet).
 *
 * <ol>
 *   <li>{@code failed}, if given and true: the child has failed.
 *   <li>{@code ready} true: the child is ready.
 *   <li>otherwise it is progressing.
 * </ol>
 *
 * <p>While not ready, the message is {@code message}'s text, if given and not empty, else one
 * naming the rule. An expression that cannot be evaluated (an undefined field, a type error) never
 * makes a child ready: it is progressing (failed, when {@code failed} held before the error), with
 * a message naming the rule, the expression and the cause. Evaluating costs no API request.
 *
 * <p>Immutable and thread-safe.
 */
public final class ReadinessRules {

  private static final ReadinessRules NONE = new ReadinessRules(null, List.of());

  /** One rule and its parsed expressions. */
  private record Compiled(
      ReadinessRule rule,
      ReadinessExpression ready,
      Optional<ReadinessExpression> failed,
      Optional<ReadinessExpression> message) {}

  private final Jinjava jinjava;
  private final List<Compiled> rules;

  private ReadinessRules(Jinjava jinjava, List<Compiled> rules) {
    this.jinjava = jinjava;
    this.rules = List.copyOf(rules);
  }

  /** No declared rules: every child is judged by the built-in rules. */
  public static ReadinessRules none() {
    return NONE;
  }

  /**
   * Parses the rules of {@code watch} with the engine of its templates.
   *
   * @throws TemplateLoadException when the entry's rules are malformed or an expression does not
   *     parse, naming watches.yaml, the entry, the rule and the key, and when the entry has any
   *     other {@link TemplatedKind#problem}
   */
  static ReadinessRules compile(TemplatedKind watch, Jinjava jinjava) {
    if (watch.problem().isPresent()) {
      throw watch.problem().get().exception();
    }
    if (watch.readiness().isEmpty()) {
      return NONE;
    }
    List<Compiled> compiled = new ArrayList<>();
    for (ReadinessRule rule : watch.readiness()) {
      compiled.add(
          new Compiled(
              rule,
              expression(jinjava, rule, "ready", rule.ready()),
              rule.failed().map(text -> expression(jinjava, rule, "failed", text)),
              rule.message().map(text -> expression(jinjava, rule, "message", text))));
    }
    return new ReadinessRules(jinjava, compiled);
  }

  private static ReadinessExpression expression(
      Jinjava jinjava, ReadinessRule rule, String key, String text) {
    ReadinessExpression.Result result = ReadinessExpression.compile(jinjava, key, text);
    if (result.problem() != null) {
      throw new TemplateLoadException(null, 0, rule.describe() + ": " + result.problem());
    }
    return result.expression();
  }

  /** The rules, as watches.yaml declares them. */
  public List<ReadinessRule> rules() {
    return rules.stream().map(Compiled::rule).toList();
  }

  /**
   * Judges a live child by the rule for its group and kind, else by the built-in rule for its kind
   * (a Deployment, StatefulSet, DaemonSet, Job or PersistentVolumeClaim; any other kind is ready
   * once it exists). Pure: no API request.
   *
   * @param object the child as the API server returns it ({@code apiVersion}, {@code kind}, {@code
   *     metadata}, {@code status}, ...)
   */
  public ReadinessVerdict judge(Map<String, Object> object) {
    String apiVersion = Objects.toString(object.get("apiVersion"), null);
    String kind = Objects.toString(object.get("kind"), null);
    for (Compiled compiled : rules) {
      if (compiled.rule().judges(apiVersion, kind)) {
        return judge(compiled, object);
      }
    }
    return BuiltInReadiness.judge(object);
  }

  private ReadinessVerdict judge(Compiled compiled, Map<String, Object> object) {
    ReadinessRule rule = compiled.rule();
    Map<String, Object> variables = new LinkedHashMap<>();
    ReadinessVerdict.State state = ReadinessVerdict.State.PROGRESSING;
    try {
      Map<String, Object> live = new LinkedHashMap<>(object);
      // A child has no status until its controller writes one; a rule need not guard that.
      live.putIfAbsent("status", Map.of());
      if (live.get("status") == null) {
        live.put("status", Map.of());
      }
      variables.put("object", ContextValues.copyMap(live));
      if (compiled.failed().isPresent() && compiled.failed().get().holds(jinjava, variables)) {
        state = ReadinessVerdict.State.FAILED;
      } else if (compiled.ready().holds(jinjava, variables)) {
        return ReadinessVerdict.ready();
      }
      String shown =
          compiled.message().isPresent() ? compiled.message().get().text(jinjava, variables) : "";
      return new ReadinessVerdict(state, shown.isEmpty() ? defaultMessage(rule, state) : shown);
    } catch (ReadinessExpression.Failure e) {
      return new ReadinessVerdict(
          state, rule.describe() + " could not be evaluated: " + e.getMessage());
    } catch (StackOverflowError e) {
      // Copying an object nested deeper than any real one: judged like an expression that fails.
      return new ReadinessVerdict(
          state, rule.describe() + " could not be evaluated: " + RenderErrors.describe(e));
    }
  }

  private static String defaultMessage(ReadinessRule rule, ReadinessVerdict.State state) {
    return state == ReadinessVerdict.State.FAILED
        ? "failed: 'failed' holds (" + rule.where() + ")"
        : "not ready: 'ready' does not hold (" + rule.where() + ")";
  }
}
