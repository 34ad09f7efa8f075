package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.LegacyOverrides;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.Context.Library;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import com.hubspot.jinjava.loader.ResourceLocator;
import com.hubspot.jinjava.mode.ExecutionMode;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * Builds the sandboxed jinjava that every template set renders with: strict undefined (through
 * {@link Undefined}, not jinjava's null-result check, so that none stays none), no nested
 * interpretation, no Java access, bounded output and recursion, and the safe output strategy.
 */
final class EngineFactory {

  /** Largest text one template file may render, in characters. */
  static final long MAX_OUTPUT = 2_000_000;

  /** Longest one resource may take to render, all its files together. */
  static final Duration MAX_RENDER_TIME = Duration.ofSeconds(2);

  static final SafeOutputStrategy STRATEGY = new SafeOutputStrategy();

  /** Filters that would evaluate data as a template or make renders differ from run to run. */
  private static final Set<String> DISABLED_FILTERS = Set.of("render", "random", "shuffle");

  private static final Set<String> DISABLED_FUNCTIONS =
      Set.of("today", "unixtimestamp", "now", "datetimeformat", "strtotime", "strtodate");

  private EngineFactory() {}

  /** A new engine whose {@code include} and {@code import} read from {@code locator}. */
  static Jinjava create(ResourceLocator locator) {
    JinjavaConfig config =
        JinjavaConfig.newBuilder()
            .withFailOnUnknownTokens(false)
            .withNestedInterpretationEnabled(false)
            .withTrimBlocks(false)
            .withLstripBlocks(false)
            .withMaxOutputSize(MAX_OUTPUT)
            .withMaxStringLength(MAX_OUTPUT)
            .withMaxRenderDepth(10)
            .withEnableRecursiveMacroCalls(true)
            .withMaxMacroRecursionDepth(20)
            .withMaxListSize(10_000)
            .withMaxMapSize(10_000)
            .withRangeLimit(10_000)
            .withElResolver(new SandboxResolver())
            .withLegacyOverrides(
                LegacyOverrides.newBuilder()
                    .withIterateOverMapKeys(true)
                    .withUseNaturalOperatorPrecedence(true)
                    .withParseWhitespaceControlStrictly(true)
                    .withKeepNullableLoopValues(true)
                    .withEvaluateMapKeys(true)
                    .withUseTrimmingForNotesAndExpressions(true)
                    .build())
            .withExecutionMode(SafeMode.INSTANCE)
            .withDisabled(
                Map.of(
                    Library.FILTER, DISABLED_FILTERS,
                    Library.FUNCTION, DISABLED_FUNCTIONS))
            .build();
    Jinjava jinjava = new PythonJinjava(config);
    jinjava.setResourceLocator(locator);
    prepare(jinjava.getGlobalContext());
    return jinjava;
  }

  /** Installs the safe strategy, the text macro, the filters and strict undefined on a context. */
  static void prepare(Context context) {
    context.setExpressionStrategy(STRATEGY);
    context.registerTag(new TextMacroTag());
    context.registerTag(new JinjaForTag());
    context.registerTag(new BlockSetTag());
    context.registerTag(new PythonJinjava.PythonIfTag());
    context.registerTag(new BlockTags.WithTag());
    context.registerTag(new BlockTags.FilterBlockTag());
    context.registerTag(new BlockTags.TextCallTag());
    Filters.register(context);
    Jinja2Filters.register(context);
    SelectionFilters.register(context);
    Jinja2Tests.register(context);
    StrictUndefined.install(context);
    context.registerFunction(
        new ELFunctionDefinition("", "range", Ranges.class, "range", Object.class, Object[].class));
    context.registerFunction(
        new ELFunctionDefinition("", "dict", Globals.class, "dict", Object[].class));
  }

  /** Makes every context jinjava prepares use the safe output strategy. */
  private enum SafeMode implements ExecutionMode {
    INSTANCE;

    @Override
    public void prepareContext(Context context) {
      context.setExpressionStrategy(STRATEGY);
    }
  }
}
