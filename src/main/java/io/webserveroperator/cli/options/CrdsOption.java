package io.webserveroperator.cli.options;

import io.webserveroperator.crd.Admission;
import io.webserveroperator.crd.CrdFolder;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --crds DIR}, the same for every command that reads the watched kinds' CRDs: {@code lint},
 * {@code dev}, and {@code render}, {@code test} and {@code diff}, which admit a resource as the API
 * server would (its defaults filled in, its schema checked) before they render it.
 */
public final class CrdsOption {

  @Option(
      names = "--crds",
      paramLabel = "DIR",
      defaultValue = "crds",
      description =
          "Folder of the watched kinds' CRDs, whose defaults and validation apply to a resource"
              + " before it renders (default: ${DEFAULT-VALUE}).")
  Path folder;

  /** The folder. */
  public Path folder() {
    return folder;
  }

  /**
   * Admission by the folder's CRDs; a missing folder admits every resource unchanged.
   *
   * @throws io.webserveroperator.OperatorException when a CRD file cannot be read
   */
  public Admission admission() {
    return Admission.of(CrdFolder.read(folder));
  }
}
