package io.webserveroperator.lint;

import io.webserveroperator.OperatorException;
import io.webserveroperator.crd.Admission;
import io.webserveroperator.crd.CrdFolder;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.watches.TemplatedKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs every check over a templates folder, in this order:
 *
 * <ol>
 *   <li>watches.yaml and the loading of each kind's templates ({@link WatchesCheck});
 *   <li>includes, imports and macros ({@link IncludeCheck});
 *   <li>the lifecycle annotations the templates write ({@link LifecycleCheck}), the lookups they
 *       make against watches.yaml's {@code lookups} ({@link LookupCheck}) and where they write
 *       {@code generated_secret} ({@link GeneratedSecretCheck});
 *   <li>a kind's simple schema against the CRD it generates ({@link SchemaDriftCheck});
 *   <li>spec paths against the CRD schema ({@link SpecPathCheck}), and whether the fields printed
 *       within a line of a block scalar may hold a line break ({@link InlineValueCheck});
 *   <li>whether the CRD can hold the status the operator writes ({@link CrdStatusCheck});
 *   <li>the samples and test cases, admitted by their CRDs as the API server would, rendered and
 *       validated against the Kubernetes schemas ({@link RenderCheck});
 *   <li>each kind's ignoreDifferences against the kinds rendered and their schemas ({@link
 *       IgnoreDifferencesCheck});
 *   <li>the readiness rules' status paths against the status schema of the kinds they judge ({@link
 *       ReadinessCheck});
 *   <li>deploy/'s ClusterRole against the kinds rendered and looked up ({@link RbacCheck}), unless
 *       the input says not to.
 * </ol>
 */
public final class Lint {

  private static final Comparator<Finding> BY_PLACE =
      Comparator.comparing(Finding::file).thenComparingInt(Finding::line);

  private Lint() {}

  /**
   * @param schemas the Kubernetes schemas, from {@link OpenApiSchemas#folder} or {@link
   *     ClusterSchemas#of}
   * @throws OperatorException when a file lint needs cannot be read at all
   */
  public static LintResult run(LintInput input, OpenApiSchemas schemas) {
    TemplateRegistry registry;
    try {
      registry = TemplateRegistry.load(input.templates().resolve("watches.yaml"));
    } catch (OperatorException e) {
      return new LintResult(WatchesCheck.unreadable(input.templates(), e), List.of());
    }
    try (registry) {
      List<Finding> findings = new ArrayList<>(WatchesCheck.check(input.templates(), registry));
      CrdSchemas crds = CrdSchemas.read(input.crds());
      CrdFolder crdFolder = CrdFolder.read(input.crds());
      List<RenderedKind> kinds = new ArrayList<>();
      for (TemplatedKind watch : registry.watches()) {
        KindSources sources = KindSources.read(input.templates(), watch);
        if (sources.files().isEmpty()) {
          continue; // WatchesCheck reported the folder; every field would read as unused
        }
        kinds.addAll(RenderedKind.in(sources));
        findings.addAll(SchemaDriftCheck.check(input.templates(), input.crds(), watch));
        findings.addAll(IncludeCheck.check(sources));
        findings.addAll(LifecycleCheck.check(sources));
        findings.addAll(CrdStatusCheck.check(watch, registry, crdFolder, crds));
        findings.addAll(LookupCheck.check(sources));
        findings.addAll(GeneratedSecretCheck.check(sources));
        crds.find(watch.group(), watch.version(), watch.kind())
            .ifPresentOrElse(
                schema -> {
                  findings.addAll(SpecPathCheck.check(sources, schema));
                  findings.addAll(InlineValueCheck.check(sources, schema));
                },
                () ->
                    findings.add(
                        Finding.warning(
                            input.crds().toString(),
                            0,
                            "no CustomResourceDefinition declares "
                                + watch.apiVersion()
                                + " "
                                + watch.kind()
                                + ", so its spec paths are not checked")));
      }
      // Looked up even when no sample renders them, so that --save-schemas keeps their schemas.
      kinds.forEach(kind -> schemas.has(kind.apiVersion(), kind.kind()));
      RenderCheck.Result rendered =
          RenderCheck.check(
              input.templates(),
              input.samples(),
              registry,
              schemas,
              Admission.of(crdFolder),
              findings);
      findings.addAll(rendered.findings());
      kinds.addAll(rendered.kinds());
      findings.addAll(
          IgnoreDifferencesCheck.check(input.templates(), registry.watches(), kinds, schemas));
      findings.addAll(
          ReadinessCheck.check(
              input.templates().resolve("watches.yaml"), registry.watches(), crds, schemas, kinds));
      if (input.rbac()) {
        findings.addAll(
            RbacCheck.check(
                input.deploy(),
                input.templates().resolve("watches.yaml"),
                registry.watches(),
                kinds,
                crds));
      }
      findings.sort(BY_PLACE);
      return new LintResult(findings, RbacCheck.rules(registry.watches(), kinds, crds));
    }
  }
}
