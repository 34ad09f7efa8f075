package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import com.hubspot.jinjava.loader.ResourceLocator;
import com.hubspot.jinjava.mode.ExecutionMode;
import java.time.Duration;

/**
 * Builds the sandboxed jinjava that every template set renders with: strict undefined, no nested
 * interpretation, no Java access, bounded output and recursion, and the safe output strategy.
 */
final class EngineFactory {

  /** Largest text one template file may render, in characters. */
  static final long MAX_OUTPUT = 2_000_000;

  /** Most items a list or map may hold, and {@code range()} may produce. */
  static final int MAX_ITEMS = 10_000;

  /** Most text the filters of one template file may return in all, in characters. */
  static final long MAX_FILTER_TEXT = 10 * MAX_OUTPUT;

  /** Longest one resource may take to render, all its files together. */
  static final Duration MAX_RENDER_TIME = Duration.ofSeconds(2);

  static final SafeOutputStrategy STRATEGY = new SafeOutputStrategy();

  private EngineFactory() {}

  /** A new engine whose {@code include} and {@code import} read from {@code locator}. */
  static Jinjava create(ResourceLocator locator) {
    JinjavaConfig config =
        JinjavaConfig.newBuilder()
            .withFailOnUnknownTokens(true)
            .withNestedInterpretationEnabled(false)
            .withTrimBlocks(false)
            .withLstripBlocks(false)
            .withMaxOutputSize(MAX_OUTPUT)
            .withMaxStringLength(MAX_OUTPUT)
            .withMaxRenderDepth(10)
            .withEnableRecursiveMacroCalls(true)
            .withMaxMacroRecursionDepth(20)
            .withMaxListSize(MAX_ITEMS)
            .withMaxMapSize(MAX_ITEMS)
            .withRangeLimit(MAX_ITEMS)
            .withElResolver(new SandboxResolver())
            .withExecutionMode(SafeMode.INSTANCE)
            .build();
    Jinjava jinjava = new Jinjava(config);
    jinjava.setResourceLocator(locator);
    prepare(jinjava.getGlobalContext());
    return jinjava;
  }

  /**
   * Installs the safe strategy, the tags whose output keeps values apart, the refused tags, the
   * filters and the disabled names on the global context, which every parse and render context
   * inherits them from; then bounds what every filter builds.
   */
  private static void prepare(Context global) {
    global.setExpressionStrategy(STRATEGY);
    global.registerTag(new TextMacroTag());
    global.registerTag(new BlockSetTag());
    global.registerTag(new CallerTag());
    RefusedTag.ALL.forEach(global::registerTag);
    Filters.register(global);
    Disabled.register(global);
    global.registerFunction(
        new ELFunctionDefinition("", "range", Ranges.class, "range", Object.class, Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "super", TemplateText.class, "superBlock"));
    FilterLimits.register(global);
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
