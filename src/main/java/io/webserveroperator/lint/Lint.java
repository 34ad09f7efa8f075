package io.webserveroperator.lint;

import io.webserveroperator.OperatorException;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.Watch;
import java.util.ArrayList;
import java.util.List;

/** Runs every check over a templates folder and returns the findings, in check order. */
public final class Lint {

  private Lint() {}

  public static List<Finding> run(LintInput input) {
    TemplateRegistry registry;
    try {
      registry = TemplateRegistry.load(input.templates().resolve("watches.yaml"));
    } catch (OperatorException e) {
      return WatchesCheck.unreadable(input.templates(), e);
    }
    try (registry) {
      List<Finding> findings = new ArrayList<>(WatchesCheck.check(input.templates(), registry));
      CrdSchemas crds = CrdSchemas.read(input.crds());
      for (Watch watch : registry.watches()) {
        KindSources sources = KindSources.read(input.templates(), watch);
        findings.addAll(IncludeCheck.check(sources));
        crds.find(watch.group(), watch.version(), watch.kind())
            .ifPresentOrElse(
                schema -> findings.addAll(SpecPathCheck.check(sources, schema)),
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
      return findings;
    }
  }
}
