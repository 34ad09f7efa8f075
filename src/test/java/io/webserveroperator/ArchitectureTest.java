package io.webserveroperator;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.webserveroperator.template.syntax.JinjaLexer;

/**
 * The layering docs/development.md describes, checked on the compiled classes: arrows point down
 * only, from {@code cli} through {@code controller} and {@code preview} to {@code apply} and {@code
 * status}, then {@code kube}, then {@code diff} and {@code template}, then {@code manifest}.
 */
@AnalyzeClasses(
    packages = "io.webserveroperator",
    importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  @ArchTest
  static final ArchRule noPackageCycles =
      slices().matching("io.webserveroperator.(*)..").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule renderingAndPlanningNeverTalkToTheCluster =
      noClasses()
          .that()
          .resideInAnyPackage(
              "io.webserveroperator.template..",
              "io.webserveroperator.templatetest..",
              "io.webserveroperator.manifest..",
              "io.webserveroperator.diff..",
              "io.webserveroperator.crd..",
              "io.webserveroperator.kind..",
              "io.webserveroperator.scaffold..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.fabric8.kubernetes.client..");

  /**
   * A kind's schema and CRD are data: admission and CRD changes ({@code crd}) sit below the simple
   * schema and its generator ({@code kind}), which sit below {@code create api}'s files ({@code
   * scaffold}); none of them reaches up to the engine's runtime.
   */
  @ArchTest
  static final ArchRule kindsAsDataPointDown =
      noClasses()
          .that()
          .resideInAnyPackage(
              "io.webserveroperator.crd..",
              "io.webserveroperator.kind..",
              "io.webserveroperator.scaffold..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.webserveroperator.controller..",
              "io.webserveroperator.preview..",
              "io.webserveroperator.apply..",
              "io.webserveroperator.kube..",
              "io.webserveroperator.rollout..",
              "io.webserveroperator.shard..",
              "io.webserveroperator.lint..",
              "io.webserveroperator.templatetest..",
              "io.webserveroperator.dev..",
              "io.webserveroperator.bench..");

  @ArchTest
  static final ArchRule theCrdLayerDoesNotKnowSimpleSchemas =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.crd..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.webserveroperator.kind..", "io.webserveroperator.scaffold..");

  /** Lint reads a cluster only for its OpenAPI schemas, in one class. */
  @ArchTest
  static final ArchRule lintTalksToTheClusterInOneClass =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.lint..")
          .and()
          .doNotHaveSimpleName("ClusterSchemas")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.fabric8.kubernetes.client..");

  @ArchTest
  static final ArchRule nothingDependsOnTheCommandLine =
      noClasses()
          .that()
          .resideOutsideOfPackage("io.webserveroperator.cli..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.webserveroperator.cli..");

  /**
   * The benchmark is a module of its own (bench/) that depends on this one, so the module graph
   * keeps the operator from using it; these are the tools inside the operator's jar.
   */
  @ArchTest
  static final ArchRule theOperatorRunsWithoutDevTools =
      noClasses()
          .that()
          .resideInAnyPackage(
              "io.webserveroperator.controller..",
              "io.webserveroperator.shard..",
              "io.webserveroperator.preview..",
              "io.webserveroperator.rollout..",
              "io.webserveroperator.apply..",
              "io.webserveroperator.status..",
              "io.webserveroperator.kube..",
              "io.webserveroperator.diff..",
              "io.webserveroperator.template..",
              "io.webserveroperator.manifest..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.webserveroperator.dev..",
              "io.webserveroperator.templatetest..",
              "io.webserveroperator.lint..",
              "io.webserveroperator.scaffold..");

  @ArchTest
  static final ArchRule layersPointDown =
      noClasses()
          .that()
          .resideInAnyPackage(
              "io.webserveroperator.shard..",
              "io.webserveroperator.rollout..",
              "io.webserveroperator.apply..",
              "io.webserveroperator.status..",
              "io.webserveroperator.kube..",
              "io.webserveroperator.diff..",
              "io.webserveroperator.template..",
              "io.webserveroperator.manifest..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.webserveroperator.controller..", "io.webserveroperator.preview..");

  /** The engine's parts point one way, as template/package-info.java draws them. */
  @ArchTest
  static final ArchRule engineLayersPointDown =
      layeredArchitecture()
          .consideringOnlyDependenciesInLayers()
          .layer("pipeline")
          .definedBy("io.webserveroperator.template")
          .layer("engine")
          .definedBy("io.webserveroperator.template.engine..")
          .layer("sandbox")
          .definedBy("io.webserveroperator.template.sandbox..")
          .layer("lib")
          .definedBy("io.webserveroperator.template.lib..")
          .layer("syntax")
          .definedBy("io.webserveroperator.template.syntax..")
          .layer("output")
          .definedBy("io.webserveroperator.template.output..")
          .layer("python")
          .definedBy("io.webserveroperator.template.python..")
          .layer("watches")
          .definedBy("io.webserveroperator.template.watches..")
          .layer("source")
          .definedBy("io.webserveroperator.template.source..")
          .whereLayer("engine")
          .mayOnlyBeAccessedByLayers("pipeline")
          .whereLayer("sandbox")
          .mayOnlyBeAccessedByLayers("pipeline", "engine")
          .whereLayer("lib")
          .mayOnlyBeAccessedByLayers("pipeline", "engine", "sandbox")
          .whereLayer("syntax")
          .mayOnlyBeAccessedByLayers("pipeline", "engine", "sandbox", "lib")
          .whereLayer("output")
          .mayOnlyBeAccessedByLayers("pipeline", "engine", "sandbox", "lib", "syntax")
          .whereLayer("python")
          .mayOnlyBeAccessedByLayers("pipeline", "engine", "sandbox", "lib", "syntax", "output")
          .whereLayer("watches")
          .mayOnlyBeAccessedByLayers("pipeline")
          .whereLayer("source")
          .mayOnlyBeAccessedByLayers("pipeline", "watches");

  /**
   * Outside the engine, code sees its pipeline, watches.yaml's values and the template sources;
   * never how a template is interpreted. The one exception is the lexer ({@link JinjaLexer} and its
   * tokens): what a template's tags are, which lint reads with the engine's own rules.
   */
  @ArchTest
  static final ArchRule theEngineShowsOnlyItsPipeline =
      noClasses()
          .that()
          .resideOutsideOfPackage("io.webserveroperator.template..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage(
                      "io.webserveroperator.template.engine..",
                      "io.webserveroperator.template.sandbox..",
                      "io.webserveroperator.template.lib..",
                      "io.webserveroperator.template.syntax..",
                      "io.webserveroperator.template.output..",
                      "io.webserveroperator.template.python..")
                  .and(not(belongToAnyOf(JinjaLexer.class))));
}
