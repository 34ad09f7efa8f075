package io.webserveroperator.template.engine;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.LegacyOverrides;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import com.hubspot.jinjava.loader.ResourceLocator;
import com.hubspot.jinjava.mode.ExecutionMode;
import io.webserveroperator.template.lib.BlockSetTag;
import io.webserveroperator.template.lib.BlockTags;
import io.webserveroperator.template.lib.CallerTag;
import io.webserveroperator.template.lib.ClusterFunctions;
import io.webserveroperator.template.lib.Globals;
import io.webserveroperator.template.lib.Jinja2Tests;
import io.webserveroperator.template.lib.JinjaForTag;
import io.webserveroperator.template.lib.JinjaImportTags;
import io.webserveroperator.template.lib.JinjaIncludeTag;
import io.webserveroperator.template.lib.JinjaMacroTag;
import io.webserveroperator.template.lib.Ranges;
import io.webserveroperator.template.lib.StrictUndefined;
import io.webserveroperator.template.lib.TemplateFragment;
import io.webserveroperator.template.lib.filter.FilterCatalog;
import io.webserveroperator.template.python.Limits;
import io.webserveroperator.template.python.Undefined;
import io.webserveroperator.template.sandbox.RefusedNames;
import io.webserveroperator.template.sandbox.RefusedTag;
import io.webserveroperator.template.sandbox.SandboxResolver;
import java.time.Duration;

/**
 * Builds the sandboxed jinjava that every template set renders with: strict undefined (through
 * {@link Undefined}, not jinjava's null-result check, so that none stays none), no nested
 * interpretation, no Java access, bounded output and recursion, and the safe output strategy.
 */
public final class EngineFactory {

  /** Longest one resource may take to render, all its files together. */
  public static final Duration MAX_RENDER_TIME = Duration.ofSeconds(2);

  public static final SafeOutputStrategy STRATEGY = new SafeOutputStrategy();

  private EngineFactory() {}

  /** A new engine whose {@code include} and {@code import} read from {@code locator}. */
  public static Jinjava create(ResourceLocator locator) {
    JinjavaConfig config =
        JinjavaConfig.newBuilder()
            .withFailOnUnknownTokens(false)
            .withNestedInterpretationEnabled(false)
            .withTrimBlocks(false)
            .withLstripBlocks(false)
            .withMaxOutputSize(Limits.MAX_OUTPUT)
            .withMaxStringLength(Limits.MAX_OUTPUT)
            .withMaxRenderDepth(10)
            .withEnableRecursiveMacroCalls(true)
            .withMaxMacroRecursionDepth(20)
            .withMaxListSize(Limits.MAX_ITEMS)
            .withMaxMapSize(Limits.MAX_ITEMS)
            .withRangeLimit(Limits.MAX_ITEMS)
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
            .build();
    Jinjava jinjava = new PythonJinjava(config);
    jinjava.setResourceLocator(locator);
    prepare(jinjava.getGlobalContext());
    return jinjava;
  }

  /**
   * Installs on the global context, which every parse and render context inherits them from: the
   * safe strategy; the tags whose output keeps values apart, Jinja2's tags jinjava lacks and the
   * refused jinjava-only tags; the catalog's filters and the refused ones, each in every {@code
   * FilterStage}; the tests with Jinja2's semantics, the refused ones, strict undefined for those
   * that read the value; Jinja2's globals, and those that read the cluster ({@link
   * ClusterFunctions}).
   */
  private static void prepare(Context global) {
    global.setExpressionStrategy(STRATEGY);
    global.registerTag(new JinjaMacroTag());
    global.registerTag(new BlockSetTag());
    global.registerTag(new CallerTag());
    global.registerTag(new JinjaForTag());
    global.registerTag(new JinjaIncludeTag());
    global.registerTag(new JinjaImportTags.Import());
    global.registerTag(new JinjaImportTags.From());
    global.registerTag(new PythonJinjava.PythonIfTag());
    global.registerTag(new BlockTags.WithTag());
    global.registerTag(new BlockTags.FilterBlockTag());
    RefusedTag.ALL.forEach(global::registerTag);
    FilterCatalog.install(global, RefusedNames.refusedFilters(global));
    Jinja2Tests.register(global);
    RefusedNames.register(global);
    StrictUndefined.install(global);
    global.registerFunction(
        new ELFunctionDefinition("", "range", Ranges.class, "range", Object.class, Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "dict", Globals.class, "dict", Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "namespace", Globals.class, "namespace", Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "caller", Globals.class, "noCaller", Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "joiner", Globals.class, "joiner", Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "cycler", Globals.class, "cycler", Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "super", TemplateFragment.class, "superBlock"));
    global.registerFunction(
        new ELFunctionDefinition("", "lookup", ClusterFunctions.class, "lookup", Object[].class));
    global.registerFunction(
        new ELFunctionDefinition(
            "", "generated_secret", ClusterFunctions.class, "generatedSecret", Object[].class));
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
