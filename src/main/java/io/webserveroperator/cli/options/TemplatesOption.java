package io.webserveroperator.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --templates DIR}, the same for every command that renders. */
public final class TemplatesOption {

  @Option(
      names = "--templates",
      paramLabel = "DIR",
      defaultValue = "${env:WSO_TEMPLATES:-templates}",
      description = "Folder with watches.yaml (env WSO_TEMPLATES; default: ${DEFAULT-VALUE}).")
  Path folder;

  /** The folder holding {@code watches.yaml}. */
  public Path folder() {
    return folder;
  }

  /** Its {@code watches.yaml}. */
  public Path watches() {
    return folder.resolve("watches.yaml");
  }
}
