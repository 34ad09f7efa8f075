package io.webserveroperator.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The benchmark's sub-packages depend on {@code bench} and never the other way, as the package
 * description says; {@code bench.scale} alone uses {@code bench.edit} and {@code bench.lookup}
 * (which copies templates with {@code bench.edit}); nothing uses the command line in {@code
 * bench.cli}; {@code bench.plot} draws charts and knows no benchmark. (That the operator never uses
 * the benchmark, the module graph enforces: bench/ depends on the operator, not the other way.)
 */
@AnalyzeClasses(
    packages = "io.webserveroperator.bench",
    importOptions = ImportOption.DoNotIncludeTests.class)
class BenchPackagesTest {

  @ArchTest
  static final ArchRule theSharedPartsUseNoSubPackage =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.bench")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.webserveroperator.bench.*..");

  @ArchTest
  static final ArchRule theEditPhaseKnowsNoBenchmarkThatRunsIt =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.bench.edit..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.webserveroperator.bench.scale..", "io.webserveroperator.bench.contest..");

  @ArchTest
  static final ArchRule theLookupPhaseKnowsNoBenchmarkThatRunsIt =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.bench.lookup..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.webserveroperator.bench.scale..", "io.webserveroperator.bench.contest..");

  @ArchTest
  static final ArchRule nothingDependsOnTheCommandLine =
      noClasses()
          .that()
          .resideOutsideOfPackage("io.webserveroperator.bench.cli..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.webserveroperator.bench.cli..");

  @ArchTest
  static final ArchRule thePlotsKnowNoBenchmark =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.bench.plot..")
          .should()
          .dependOnClassesThat()
          .resideOutsideOfPackages("io.webserveroperator.bench.plot..", "java..", "org.jfree..");

  @ArchTest
  static final ArchRule theContestStandsApartFromScale =
      noClasses()
          .that()
          .resideInAPackage("io.webserveroperator.bench.contest..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.webserveroperator.bench.scale..", "io.webserveroperator.bench.edit..");
}
